// Sectors and WhatsApp numbers through the local gateway: the default sector every application has,
// creation and update with codes unique per application (409, nothing written), numbers that must be
// the application's and belong to one sector, attendants that must be its users, and another
// application's sector as a 404. Numbers are unique on the platform.
import { describe, expect, it } from 'vitest';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

const demo = () => service.sandbox.applications.demo;
const outra = () => service.sandbox.applications.outra;
const asAdmin = (key: 'demo' | 'outra') => bearer(service.sandbox.applications[key].tokens.admin);
const setores = (key: 'demo' | 'outra', method: string, path = '', body?: unknown) =>
  api.call(method, `/api/admin/whatsapp/setores${path}`, asAdmin(key), body);

let n = 0;
const uniqueNumber = () => `+5531${String(process.pid % 10000).padStart(4, '0')}${String(++n).padStart(5, '0')}`;

describe('WhatsApp numbers of an application', () => {
  it('are the sandbox application`s, replaceable, unique on the platform (409) and valid phones (400)', async () => {
    const id = outra().id;
    const own = outra().numerosWhatsapp[0]!;
    const extra = uniqueNumber();

    const replaced = await api.call('PUT', `/api/admin/aplicacoes/${id}/numeros`, asAdmin('outra'), { numeros: [own, extra] });
    expect(replaced.status).toBe(200);
    expect(replaced.body.numerosWhatsapp).toEqual([own, extra]);

    const taken = await api.call('PUT', `/api/admin/aplicacoes/${demo().id}/numeros`, asAdmin('demo'), {
      numeros: [...demo().numerosWhatsapp, extra],
    });
    expect(taken.status).toBe(409);
    expect((await api.call('GET', `/api/admin/aplicacoes/${demo().id}`, asAdmin('demo'))).body.numerosWhatsapp).toEqual(
      demo().numerosWhatsapp,
    );

    expect((await api.call('PUT', `/api/admin/aplicacoes/${id}/numeros`, asAdmin('outra'), { numeros: ['abc'] })).body).toMatchObject({
      error: 'validation_error',
      field: 'numeros',
    });
    // outra sends through provider_a: its fromNumber stays
    expect((await api.call('PUT', `/api/admin/aplicacoes/${id}/numeros`, asAdmin('outra'), { numeros: [extra] })).status).toBe(400);
    // another application's admin: 404
    expect(
      (
        await api.call('PUT', `/api/admin/aplicacoes/${id}/numeros`, bearer(service.sandbox.applications.semSaldo.tokens.admin), {
          numeros: [],
        })
      ).status,
    ).toBe(404);
  });
});

describe('sectors', () => {
  it('gives every application its default sector (id = application id, GERAL), listed first', async () => {
    const list = await setores('demo', 'GET');
    expect(list.status).toBe(200);
    expect(list.body[0]).toMatchObject({ id: demo().id, codigo: 'GERAL', padrao: true, atendimentosAbertos: expect.any(Number) });
    const one = await setores('demo', 'GET', `/${demo().id}`);
    expect(one.body).toMatchObject({ id: demo().id, totalNumeros: 0, totalAtendentes: 0 });
  });

  it('creates and updates a sector with its numbers and attendants, and counts them', async () => {
    const numero = demo().numerosWhatsapp[0]!;
    const created = await setores('demo', 'POST', '', { codigo: 'laboratorio', nome: 'Laboratório', numeros: [numero] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ codigo: 'LABORATORIO', nome: 'Laboratório', numeros: [numero], totalNumeros: 1, padrao: false });

    const updated = await setores('demo', 'PUT', `/${created.body.id}`, { nome: 'Laboratório Central', codigo: 'LAB' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ codigo: 'LAB', nome: 'Laboratório Central', numeros: [numero] });
    expect((await setores('demo', 'GET', `/${created.body.id}`)).body).toMatchObject({ codigo: 'LAB', totalNumeros: 1 });
    // the old code is free again
    expect((await setores('demo', 'POST', '', { codigo: 'LABORATORIO', nome: 'Outro' })).status).toBe(201);
    // the number belongs to one sector only
    const second = await setores('demo', 'POST', '', { codigo: 'RECEPCAO', nome: 'Recepção', numeros: [numero] });
    expect(second.status).toBe(409);
    // and the application cannot drop it while a sector claims it (409, nothing changed)
    const dropped = await api.call('PUT', `/api/admin/aplicacoes/${demo().id}/numeros`, asAdmin('demo'), { numeros: [] });
    expect(dropped.status).toBe(409);
    expect((await api.call('GET', `/api/admin/aplicacoes/${demo().id}`, asAdmin('demo'))).body.numerosWhatsapp).toEqual([numero]);
    // give it back to the default sector so other tests see the number unclaimed
    expect((await setores('demo', 'PUT', `/${created.body.id}`, { numeros: [] })).body.totalNumeros).toBe(0);
  });

  it('refuses a code used by another sector of the application with 409 and writes nothing', async () => {
    const a = await setores('demo', 'POST', '', { codigo: 'FATURAMENTO', nome: 'Faturamento' });
    const b = await setores('demo', 'POST', '', { codigo: 'AGENDA', nome: 'Agenda' });

    const clash = await setores('demo', 'PUT', `/${b.body.id}`, { codigo: 'faturamento', nome: 'Renomeado' });
    const duplicate = await setores('demo', 'POST', '', { codigo: 'AGENDA', nome: 'Agenda 2' });

    expect(clash.status).toBe(409);
    expect(duplicate.status).toBe(409);
    expect((await setores('demo', 'GET', `/${b.body.id}`)).body).toMatchObject({ codigo: 'AGENDA', nome: 'Agenda' });
    expect((await setores('demo', 'GET', `/${a.body.id}`)).body.codigo).toBe('FATURAMENTO');
    // the same code in another application is fine
    expect((await setores('outra', 'POST', '', { codigo: 'AGENDA', nome: 'Agenda' })).status).toBe(201);
  });

  it('answers 400 naming the field with nothing written', async () => {
    const before = ((await setores('demo', 'GET')).body as Json[]).length;
    for (const [body, field] of [
      [{ nome: 'Sem código' }, 'codigo'],
      [{ codigo: 'X Y', nome: 'Espaço' }, 'codigo'],
      [{ codigo: 'OK', nome: '' }, 'nome'],
      [{ codigo: 'OK', nome: 'x', numeros: ['+5511900000001'] }, 'numeros'],
      [{ codigo: 'OK', nome: 'x', numeros: ['telefone'] }, 'numeros'],
      [{ codigo: 'OK', nome: 'x', atendentes: [999999999] }, 'atendentes'],
      [{ codigo: 'OK', nome: 'x', atendentes: ['a'] }, 'atendentes'],
    ] as const) {
      const reply = await setores('demo', 'POST', '', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(String(reply.body.field)).toContain(field);
    }
    expect(((await setores('demo', 'GET')).body as Json[]).length).toBe(before);
  });

  it("answers 404 for an unknown sector and another application's", async () => {
    expect((await setores('demo', 'GET', '/999999999')).status).toBe(404);
    expect((await setores('outra', 'GET', `/${demo().id}`)).status).toBe(404);
    expect((await setores('outra', 'PUT', `/${demo().id}`, { nome: 'Meu' })).status).toBe(404);
    expect((await setores('demo', 'GET', `/${demo().id}`)).body.nome).toBe('Geral');
  });

  it('routes a new attendance to the sector of the number the patient wrote to, and counts it open', async () => {
    const numero = outra().numerosWhatsapp[0]!;
    const sector = await setores('outra', 'POST', '', { codigo: 'TRIAGEM', nome: 'Triagem', numeros: [numero] });
    const { adapter } = await import('#shared/adapters/index');
    const from = uniqueNumber();
    await (
      await adapter('queue')
    ).send('inbound', {
      kind: 'mensagem',
      aplicacaoId: outra().id,
      provider: 'provider_a',
      providerMessageId: `SM${Date.now()}${n}`,
      from,
      to: numero,
      profileName: null,
      tipo: 'texto',
      texto: 'Olá',
      midias: [],
      recebidaEm: new Date().toISOString(),
    });
    await service.queues.drained(15_000);
    const messages = (await api.call('GET', `/api/admin/mensagens-recebidas?telefone=${encodeURIComponent(from)}`, asAdmin('outra'))).body
      .content as Json[];
    const attendance = await api.call('GET', `/api/admin/atendimentos/${messages[0]!.atendimentoId}`, asAdmin('outra'));
    expect(attendance.body.setor).toEqual({ id: sector.body.id, codigo: 'TRIAGEM', nome: 'Triagem' });
    expect((await setores('outra', 'GET', `/${sector.body.id}`)).body.atendimentosAbertos).toBe(1);
    await api.call('POST', `/api/admin/atendimentos/${messages[0]!.atendimentoId}/encerrar`, asAdmin('outra'));
    expect((await setores('outra', 'GET', `/${sector.body.id}`)).body.atendimentosAbertos).toBe(0);
  });
});

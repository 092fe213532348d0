// The admin template routes through the local gateway: every allowed and refused update, delete and
// archive, one template per procedure, another application's template as 404, and the review: link
// approves at once, provider_b through its simulator (approved, or rejected with the reason, by its
// signed webhook event), provider_a through its content API, read by the sweep.
import { describe, expect, it } from 'vitest';
import { pollTemplateReviews } from '#functions/scheduled/appointment-sweep';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { scheduledFunctions } from '#infra/functions';
import { asFunction } from '#infra/local/iam-guard';

// provider_b's review takes 1.5 s here: long enough to act on a template still EM_ANALISE.
// Reviews end when a test says so (decideReviews), not after a delay the machine's speed could outrun.
const service = useLocalService({ simulators: { reviewDelayMs: 'held' } });
const api = client(service);
const TEMPLATES = '/api/admin/whatsapp/templates-hsm';

type AppKey = 'demo' | 'outra' | 'semSaldo';
const as = (key: AppKey) => (method: string, url: string, body?: unknown) =>
  api.call(method, url, bearer(service.sandbox.applications[key].tokens.admin), body);
const demo = as('demo');

let names = 0;
const body = (fields: Record<string, unknown> = {}) => ({
  nome: `aviso_${++names}`,
  idioma: 'pt_BR',
  categoria: 'UTILITY',
  corpo: 'Olá {{1}}, seu exame {{2}} está pronto.',
  variaveis: ['pacienteNome', 'procedimento'],
  botoes: ['Confirmar', 'Cancelar'],
  procedimentos: [`Procedimento ${names}`],
  ...fields,
});

async function templateIn(estado: string, admin = demo): Promise<Json> {
  const created = (await admin('POST', TEMPLATES, body())).body;
  const act = (action: string) => admin('POST', `${TEMPLATES}/${created.id}/${action}`);
  if (estado === 'RASCUNHO') return created;
  if (estado === 'ARQUIVADO') return (await act('arquivar')).body;
  const approved = (await act('submeter')).body; // link: approved at once
  if (estado === 'APROVADO') return approved;
  if (estado === 'PAUSADO') return (await act('pausar')).body;
  throw new Error(estado);
}

async function until(read: () => Promise<Json>, ok: (t: Json) => boolean): Promise<Json> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

describe('creating and reading', () => {
  it('creates a RASCUNHO, lists it and reads it; a bad field is a 400 naming it, with nothing written', async () => {
    const created = await demo('POST', TEMPLATES, body());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ estado: 'RASCUNHO', motivoRejeicao: null, botoes: ['Confirmar', 'Cancelar'] });
    expect((await demo('GET', `${TEMPLATES}/${created.body.id}`)).body).toEqual(created.body);
    expect((await demo('GET', TEMPLATES)).body).toContainEqual(created.body);

    const before = (await demo('GET', TEMPLATES)).body.length;
    const bad = await demo('POST', TEMPLATES, body({ corpo: 'Olá {{2}}' }));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'validation_error', field: 'corpo' });
    expect((await demo('GET', TEMPLATES)).body).toHaveLength(before);
  });

  it('answers 404 for another application`s template and an unknown one, on every route', async () => {
    const theirs = await templateIn('RASCUNHO', as('outra'));
    for (const [method, suffix] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/submeter'],
      ['POST', '/pausar'],
      ['POST', '/arquivar'],
    ] as const) {
      expect((await demo(method, `${TEMPLATES}/${theirs.id}${suffix}`, method === 'PUT' ? { corpo: 'x {{1}} y' } : undefined)).status).toBe(
        404,
      );
      expect((await demo(method, `${TEMPLATES}/99999999${suffix}`, method === 'PUT' ? {} : undefined)).status).toBe(404);
    }
    expect((await as('outra')('GET', `${TEMPLATES}/${theirs.id}`)).body.estado).toBe('RASCUNHO');
  });
});

describe('the state rules', () => {
  it.each([
    ['RASCUNHO', 200],
    ['PAUSADO', 200],
    ['APROVADO', 409],
    ['ARQUIVADO', 409],
  ])('PUT on %s answers %i (changed only when allowed)', async (estado, code) => {
    const template = await templateIn(estado);
    const reply = await demo('PUT', `${TEMPLATES}/${template.id}`, { botoes: ['Sim'] });
    expect(reply.status).toBe(code);
    const after = (await demo('GET', `${TEMPLATES}/${template.id}`)).body;
    if (code === 200) expect(after).toMatchObject({ estado: 'RASCUNHO', botoes: ['Sim'] });
    else expect(after).toEqual(template);
  });

  it.each([
    ['RASCUNHO', 204],
    ['PAUSADO', 204],
    ['ARQUIVADO', 204],
    ['APROVADO', 400],
  ])('DELETE on %s answers %i', async (estado, code) => {
    const template = await templateIn(estado);
    const reply = await demo('DELETE', `${TEMPLATES}/${template.id}`);
    expect(reply.status).toBe(code);
    expect((await demo('GET', `${TEMPLATES}/${template.id}`)).status).toBe(code === 204 ? 404 : 200);
    if (code === 400) expect(reply.body.message).toMatch(/archive it instead/);
  });

  it.each(['RASCUNHO', 'APROVADO', 'PAUSADO', 'ARQUIVADO'])('archives a %s template (ARQUIVADO stays, 200)', async (estado) => {
    const template = await templateIn(estado);
    const reply = await demo('POST', `${TEMPLATES}/${template.id}/arquivar`);
    expect(reply.status).toBe(200);
    expect(reply.body.estado).toBe('ARQUIVADO');
  });

  it('refuses to pause a RASCUNHO and to submit an APROVADO or ARQUIVADO template (409)', async () => {
    expect((await demo('POST', `${TEMPLATES}/${(await templateIn('RASCUNHO')).id}/pausar`)).status).toBe(409);
    expect((await demo('POST', `${TEMPLATES}/${(await templateIn('APROVADO')).id}/submeter`)).status).toBe(409);
    expect((await demo('POST', `${TEMPLATES}/${(await templateIn('ARQUIVADO')).id}/submeter`)).status).toBe(409);
  });

  it('lets one template serve a procedure at a time: a second submission is a 409, free again once the first is archived', async () => {
    const first = await templateIn('APROVADO');
    const second = (await demo('POST', TEMPLATES, body({ procedimentos: [` ${first.procedimentos[0].toUpperCase()} `, 'Outro'] }))).body;

    const refused = await demo('POST', `${TEMPLATES}/${second.id}/submeter`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/is served by another template/);
    expect((await demo('GET', `${TEMPLATES}/${second.id}`)).body.estado).toBe('RASCUNHO');

    await demo('POST', `${TEMPLATES}/${first.id}/arquivar`);
    const accepted = await demo('POST', `${TEMPLATES}/${second.id}/submeter`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.estado).toBe('APROVADO');
  });
});

describe('the provider`s review', () => {
  const semSaldo = as('semSaldo'); // provider_b

  it('approves through provider_b`s event, or rejects with the reason (a marketing word in a UTILITY template)', async () => {
    const good = (await semSaldo('POST', TEMPLATES, body())).body;
    const bad = (await semSaldo('POST', TEMPLATES, body({ corpo: 'Olá {{1}}, aproveite o desconto no exame {{2}} hoje.' }))).body;

    for (const t of [good, bad]) {
      const submitted = await semSaldo('POST', `${TEMPLATES}/${t.id}/submeter`);
      expect(submitted.body.estado).toBe('EM_ANALISE');
    }

    const read = (id: number) => async () => (await semSaldo('GET', `${TEMPLATES}/${id}`)).body;
    service.simulators.providerB.decideReviews();
    expect(await until(read(good.id), (t) => t.estado !== 'EM_ANALISE')).toMatchObject({ estado: 'APROVADO' });
    expect(await until(read(bad.id), (t) => t.estado !== 'EM_ANALISE')).toMatchObject({
      estado: 'REJEITADO',
      motivoRejeicao: 'INCORRECT_CATEGORY',
    });
    const reviewed = service.simulators.providerB.templates().filter((t) => [good.nome, bad.nome].includes(t.name));
    expect(reviewed.map((t) => t.verdict).sort()).toEqual(['APPROVED', 'REJECTED']);

    // A rejected template is edited (back to RASCUNHO) and submitted again.
    const edited = await semSaldo('PUT', `${TEMPLATES}/${bad.id}`, { corpo: 'Olá {{1}}, seu exame {{2}} está pronto.' });
    expect(edited.body).toMatchObject({ estado: 'RASCUNHO', motivoRejeicao: null });
    await semSaldo('POST', `${TEMPLATES}/${bad.id}/submeter`);
    service.simulators.providerB.decideReviews();
    expect(await until(read(bad.id), (t) => t.estado !== 'EM_ANALISE')).toMatchObject({ estado: 'APROVADO' });
  });

  it('refuses an update of a template EM_ANALISE (409, unchanged); deleting it withdraws it and frees its procedures', async () => {
    const template = (await semSaldo('POST', TEMPLATES, body())).body;
    const submitted = (await semSaldo('POST', `${TEMPLATES}/${template.id}/submeter`)).body;
    expect(submitted.estado).toBe('EM_ANALISE');

    const refused = await semSaldo('PUT', `${TEMPLATES}/${template.id}`, { botoes: ['Sim'] });
    expect(refused.status).toBe(409);
    expect((await semSaldo('GET', `${TEMPLATES}/${template.id}`)).body).toEqual(submitted);

    expect((await semSaldo('DELETE', `${TEMPLATES}/${template.id}`)).status).toBe(204);
    const successor = (await semSaldo('POST', TEMPLATES, body({ procedimentos: template.procedimentos }))).body;
    expect((await semSaldo('POST', `${TEMPLATES}/${successor.id}/submeter`)).status).toBe(200);
  });

  it('submits to provider_a`s content API, whose verdict the sweep reads (it sends no event)', async () => {
    const outra = as('outra'); // provider_a
    const good = (await outra('POST', TEMPLATES, body())).body;
    const bad = (await outra('POST', TEMPLATES, body({ corpo: 'Olá {{1}}, oferta especial no exame {{2}}.' }))).body;
    for (const t of [good, bad]) expect((await outra('POST', `${TEMPLATES}/${t.id}/submeter`)).body.estado).toBe('EM_ANALISE');

    await asFunction(scheduledFunctions.appointmentSweep.id, () => pollTemplateReviews()); // still in review: nothing changes
    expect((await outra('GET', `${TEMPLATES}/${good.id}`)).body.estado).toBe('EM_ANALISE');
    service.simulators.providerA.decideReviews();
    expect(await asFunction(scheduledFunctions.appointmentSweep.id, () => pollTemplateReviews())).toBe(2);

    expect((await outra('GET', `${TEMPLATES}/${good.id}`)).body.estado).toBe('APROVADO');
    expect((await outra('GET', `${TEMPLATES}/${bad.id}`)).body).toMatchObject({
      estado: 'REJEITADO',
      motivoRejeicao: 'INCORRECT_CATEGORY',
    });
    const submitted = service.simulators.providerA.contents().filter((c) => [good.nome, bad.nome].includes(c.name));
    expect(submitted.map((c) => [c.name, c.verdict, c.actions.map((a) => a.title)])).toEqual([
      [good.nome, 'APPROVED', ['Confirmar', 'Cancelar']],
      [bad.nome, 'REJECTED', ['Confirmar', 'Cancelar']],
    ]);
    expect(await asFunction(scheduledFunctions.appointmentSweep.id, () => pollTemplateReviews())).toBe(0); // nothing left to ask
  });
});

// Sends, reads, tariffs and refunds through the local gateway (DynamoDB Local, the real
// authorizers and handlers, the provider simulators) with the sandbox credentials:
// demo = link with 100.00, outra = provider_a, semSaldo = provider_b with 0.00.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { client, useLocalService, type Json } from '../support/local-service.ts';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { addAmounts, subtractAmounts } from '#shared/domain/money';

const service = useLocalService();
const { call, admin, external, newApplication } = client(service);

const demo = () => service.sandbox.applications.demo;
const outra = () => service.sandbox.applications.outra;
const semSaldo = () => service.sandbox.applications.semSaldo;

const statementOf = async (app: { apiKey: string; apiSecret: string }) =>
  (await external(app).get('/api/external/financeiro/extrato?size=100')).body;
const balanceOf = async (app: { apiKey: string; apiSecret: string }) =>
  (await external(app).get('/api/external/financeiro/saldo')).body.saldo as string;

describe('POST /api/external/messages/send through the link provider (demo)', () => {
  it('charges the tariff, writes entry and message, and answers with the wa.me link', async () => {
    // Prepare
    const app = await newApplication('link', '100.00');
    const api = external(app);
    const numero = `+5511${String(Date.now()).slice(-8)}`;
    expect((await admin('PUT', `/api/admin/aplicacoes/${app.id}/numeros`, { numeros: [numero] })).status).toBe(200);

    // Act
    const sent = await api.send({
      telefone: '+55 (11) 98765-4321',
      mensagem: 'Olá, sua consulta é amanhã às 10h',
      contexto: 'LEMBRETE',
      contextoId: 77,
      usuarioId: 5,
    });

    // Assess: the answer
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      status: 'ENVIADO',
      messageSid: expect.stringMatching(/^link-/),
      mensagemId: expect.any(Number),
      mensagem: 'Mensagem enviada',
      link: `https://wa.me/5511987654321?text=${encodeURIComponent('Olá, sua consulta é amanhã às 10h')}`,
    });
    // the balance
    expect(await api.get('/api/external/financeiro/saldo')).toMatchObject({ status: 200, body: { saldo: '99.90', moeda: 'BRL' } });
    // the statement: the credit, then the debit chained onto it
    const statement = await statementOf(app);
    expect(statement).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 100 });
    const [debit, credit] = statement.content as [Json, Json];
    expect(debit).toEqual({
      id: 2,
      tipo: 'DEBIT',
      valor: '0.10',
      saldoAnterior: '100.00',
      saldoPosterior: '99.90',
      // The statement is kept for good: the number masked as the portals show it, never in full.
      descricao: 'Mensagem enviada para +55 11 *****-4321',
      referenciaTipo: 'MENSAGEM_ENVIADA',
      referenciaId: sent.body.mensagemId,
      tarifaCobrada: '0.10',
      custoProviderAUsd: null,
      custoProviderABrl: null,
      custoProviderBUsd: null,
      custoProviderBBrl: null,
      cotacaoUsdBrl: null,
      tipoConversa: null,
      criadoEm: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
    expect(credit).toMatchObject({ id: 1, tipo: 'CREDIT', saldoPosterior: debit.saldoAnterior });
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: keys.statementEntry(app.id, 2) }));
    expect(stored.Item?.descricao).toBe('Mensagem enviada para +55 11 *****-4321');
    // the message
    const message = await api.get(`/api/external/messages/${sent.body.mensagemId}`);
    expect(message.status).toBe(200);
    expect(message.body).toMatchObject({
      id: sent.body.mensagemId,
      messageSid: sent.body.messageSid,
      toNumber: '+5511987654321',
      fromNumber: numero, // the application's sending number, link included
      body: 'Olá, sua consulta é amanhã às 10h',
      status: 'SENT',
      statusDescricao: 'Enviada',
      dataEnvio: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
      dataEntrega: null,
      dataLeitura: null,
      errorCode: null,
      errorMessage: null,
      contexto: 'LEMBRETE',
      contextoId: 77,
      usuarioId: 5,
    });
    // the list and the stats
    const list = await api.get('/api/external/messages');
    expect(list.body).toMatchObject({ totalElements: 1, totalPages: 1, number: 0, size: 20 });
    expect(list.body.content[0]).toEqual(message.body);
    expect((await api.get('/api/v2/stats')).body).toEqual({ totalMensagens: 1 });
  });

  it('serves the v2 send (OAuth2, mensagens:enviar) with the same answer and charge', async () => {
    // Prepare
    const app = demo();
    const before = await balanceOf(app);
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.oauth.clientId,
      client_secret: app.oauth.clientSecret,
      scope: 'mensagens:enviar',
    });
    const token = (await (await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    };

    // Act
    const sent = await call(
      'POST',
      '/api/external/v2/mensagens',
      { Authorization: `Bearer ${token.access_token}` },
      { telefone: '005511911112222', mensagem: 'v2' },
    );

    // Assess
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'ENVIADO', mensagem: 'Mensagem enviada', link: 'https://wa.me/5511911112222?text=v2' });
    expect(await balanceOf(app)).toBe(subtractAmounts(before, '0.10'));
    expect((await external(app).get(`/api/external/messages/${sent.body.mensagemId}`)).body.toNumber).toBe('+5511911112222');
  });

  it.each([
    [{ mensagem: 'x' }, 'telefone'],
    [{ telefone: '11987654321', mensagem: 'x' }, 'telefone'],
    [{ telefone: '+55119', mensagem: 'x' }, 'telefone'],
    [{ telefone: '+55abc11987654321', mensagem: 'x' }, 'telefone'],
    [{ telefone: '+5511987654321' }, 'mensagem'],
    [{ telefone: '+5511987654321', mensagem: '' }, 'mensagem'],
    [{ telefone: '+5511987654321', mensagem: 'x'.repeat(4097) }, 'mensagem'],
    [{ telefone: '+5511987654321', mensagem: 'x', contexto: 'OUTRO' }, 'contexto'],
    [{ telefone: '+5511987654321', mensagem: 'x', contextoId: 'a' }, 'contextoId'],
  ])('refuses %j with 400 naming %s, charging nothing', async (body, field) => {
    const before = await balanceOf(demo());

    const sent = await external(demo()).send(body);

    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ error: 'validation_error', field, message: expect.stringContaining(field) });
    expect(await balanceOf(demo())).toBe(before);
  });

  it('answers 401 without valid API credentials', async () => {
    const sent = await call(
      'POST',
      '/api/external/messages/send',
      { 'X-Api-Key': demo().apiKey, 'X-Api-Secret': 'wrong' },
      { telefone: '+5511987654321', mensagem: 'x' },
    );
    expect(sent.status).toBe(401);
  });
});

describe('402 when the balance does not cover the tariff (semSaldo, provider_b with 0.00)', () => {
  it('refuses with the balance and writes nothing', async () => {
    // Prepare
    const api = external(semSaldo());
    const statementBefore = await statementOf(semSaldo());
    const messagesBefore = (await api.get('/api/external/messages')).body;

    // Act
    const sent = await api.send({ telefone: '+5511987654321', mensagem: 'sem saldo' });

    // Assess
    expect(sent.status).toBe(402);
    expect(sent.body).toEqual({ error: 'insufficient_balance', message: expect.any(String), saldo: '0.00' });
    expect(await balanceOf(semSaldo())).toBe('0.00');
    expect(await statementOf(semSaldo())).toEqual(statementBefore);
    expect((await api.get('/api/external/messages')).body).toEqual(messagesBefore);
    expect((await api.get('/api/v2/stats')).body).toEqual({ totalMensagens: 0 });
  });
});

describe('provider failures leave no net charge and a FAILED message (outra, provider_a simulator)', () => {
  it.each([
    ['+5500000000400', 400, 'provider_rejected'],
    ['+5500000000500', 502, 'provider_unavailable'],
  ])('%s -> %i %s', async (telefone, status, error) => {
    // Prepare
    const api = external(outra());
    const before = await balanceOf(outra());
    const lastEntry = (await statementOf(outra())).totalElements as number;

    // Act
    const sent = await api.send({ telefone, mensagem: 'vai falhar' });

    // Assess: the answer
    expect(sent.status).toBe(status);
    expect(sent.body).toMatchObject({ error, message: expect.any(String), mensagemId: expect.any(Number) });
    if (status === 400) expect(sent.body.providerCode).toEqual(expect.any(String));
    // no net charge: the debit and its compensating credit
    expect(await balanceOf(outra())).toBe(before);
    const statement = await statementOf(outra());
    expect(statement.totalElements).toBe(lastEntry + 2);
    const [refund, debit] = statement.content as [Json, Json];
    expect(debit).toMatchObject({
      tipo: 'DEBIT',
      valor: '0.10',
      referenciaTipo: 'MENSAGEM_ENVIADA',
      referenciaId: sent.body.mensagemId,
      saldoAnterior: before,
    });
    expect(refund).toMatchObject({
      tipo: 'CREDIT',
      valor: '0.10',
      referenciaTipo: 'ESTORNO_FALHA_ENVIO',
      referenciaId: debit.id,
      saldoAnterior: debit.saldoPosterior,
      saldoPosterior: before,
    });
    // the message
    const message = (await api.get(`/api/external/messages/${sent.body.mensagemId}`)).body;
    expect(message).toMatchObject({ status: 'FAILED', statusDescricao: 'Falhou', messageSid: null, errorMessage: expect.any(String) });
    if (status === 400) expect(message.errorCode).toBe(sent.body.providerCode);
    // the failed debit cannot be refunded again by hand
    const refundAgain = await admin('POST', `/api/admin/aplicacoes/${outra().id}/estornos`, { lancamentoId: debit.id });
    expect(refundAgain.status).toBe(409);
  });

  it('sends through provider_a with its messageSid and fromNumber', async () => {
    const api = external(outra());
    const before = await balanceOf(outra());

    const sent = await api.send({ telefone: '+5511987650000', mensagem: 'pelo provider_a' });

    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'ENVIADO', messageSid: expect.any(String), mensagemId: expect.any(Number) });
    expect(sent.body.link).toBeUndefined();
    expect(await balanceOf(outra())).toBe(subtractAmounts(before, '0.10'));
    const message = (await api.get(`/api/external/messages/${sent.body.mensagemId}`)).body;
    expect(message).toMatchObject({ messageSid: sent.body.messageSid, fromNumber: expect.stringMatching(/^\+\d+$/) });
  });
});

describe('reading messages', () => {
  it("answers 404 for another application's message and for a non-numeric id", async () => {
    const mine = await external(demo()).send({ telefone: '+5511987654321', mensagem: 'minha' });

    expect((await external(outra()).get(`/api/external/messages/${mine.body.mensagemId}`)).status).toBe(404);
    expect((await external(demo()).get('/api/external/messages/abc')).status).toBe(404);
    expect((await external(demo()).get('/api/external/messages/99999999999')).status).toBe(404);
  });

  it('lists newest first, filtered by status and contexto with exact totals, paged', async () => {
    // Prepare: 3 LEMBRETE and 2 CAMPANHA sends, plus one FAILED (rejected by the provider) on a provider_a app
    const app = await newApplication('link', '10.00');
    const api = external(app);
    const ids: number[] = [];
    for (const contexto of ['LEMBRETE', 'CAMPANHA', 'LEMBRETE', 'CAMPANHA', 'LEMBRETE']) {
      ids.push((await api.send({ telefone: '+5511987654321', mensagem: contexto, contexto })).body.mensagemId);
    }

    // Act
    const all = (await api.get('/api/external/messages?size=2')).body;
    const page2 = (await api.get('/api/external/messages?size=2&page=2')).body;
    const lembretes = (await api.get('/api/external/messages?contexto=LEMBRETE')).body;
    const sentOnes = (await api.get('/api/external/messages?status=SENT&contexto=CAMPANHA')).body;
    const failed = (await api.get('/api/external/messages?status=FAILED')).body;
    const badStatus = await api.get('/api/external/messages?status=ENVIADO');
    const badSize = await api.get('/api/external/messages?size=101');

    // Assess
    expect(all).toMatchObject({ totalElements: 5, totalPages: 3, number: 0, size: 2 });
    expect(all.content.map((m: Json) => m.id)).toEqual([ids[4], ids[3]]);
    expect(page2.content.map((m: Json) => m.id)).toEqual([ids[0]]);
    expect(lembretes).toMatchObject({ totalElements: 3, totalPages: 1 });
    expect(lembretes.content.map((m: Json) => m.id)).toEqual([ids[4], ids[2], ids[0]]);
    expect(sentOnes.content.map((m: Json) => m.id)).toEqual([ids[3], ids[1]]);
    expect(failed).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.field).toBe('status');
    expect(badSize.status).toBe(400);
  });
});

describe('finance and configuration reads', () => {
  it('lists the tariffs in force with the spec fields', async () => {
    const tarifas = await external(demo()).get('/api/external/financeiro/tarifas');

    expect(tarifas.status).toBe(200);
    const enviada = (tarifas.body as unknown as Json[]).find((t) => t.categoria === 'MENSAGENS' && t.subtipo === 'ENVIADA');
    expect(enviada).toEqual({
      id: expect.any(Number),
      categoria: 'MENSAGENS',
      subtipo: 'ENVIADA',
      subtipoDescricao: expect.any(String),
      valor: '0.10',
      unidade: 'POR_MENSAGEM',
      unidadeDescricao: expect.any(String),
      moeda: 'BRL',
      descricao: expect.any(String),
      ativo: true,
      vigenciaInicio: null,
      vigenciaFim: null,
    });
    expect((tarifas.body as unknown as Json[]).map((t) => `${t.categoria}/${t.subtipo}`)).toEqual(
      expect.arrayContaining(['MENSAGENS/RECEBIDA', 'IA/INTERACAO', 'APP/PUSH', 'CARIMBO_TEMPO/RFC3161']),
    );
  });

  it('pages the statement newest first', async () => {
    const app = await newApplication('link', '5.00');
    for (let i = 0; i < 3; i++) await external(app).send({ telefone: '+5511987654321', mensagem: `m${i}` });

    const first = (await external(app).get('/api/external/financeiro/extrato?size=3')).body;
    const second = (await external(app).get('/api/external/financeiro/extrato?size=3&page=1')).body;
    const beyond = (await external(app).get('/api/external/financeiro/extrato?size=3&page=5')).body;

    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, number: 0, size: 3 });
    expect(first.content.map((e: Json) => [e.id, e.saldoAnterior, e.saldoPosterior])).toEqual([
      [4, '4.80', '4.70'],
      [3, '4.90', '4.80'],
      [2, '5.00', '4.90'],
    ]);
    expect(second.content.map((e: Json) => e.id)).toEqual([1]);
    expect(beyond).toMatchObject({ content: [], totalElements: 4, number: 5 });
  });

  it('tells the integration status and counts messages', async () => {
    expect((await external(demo()).get('/api/v2/config/status')).body).toEqual({ configured: true, active: true, provider: 'link' });
    expect((await external(outra()).get('/api/v2/config/status')).body).toEqual({ configured: true, active: true, provider: 'provider_a' });
    expect((await external(semSaldo()).get('/api/v2/config/status')).body).toEqual({
      configured: true,
      active: true,
      provider: 'provider_b',
    });
    const app = await newApplication('link', '1.00');
    await external(app).send({ telefone: '+5511987654321', mensagem: 'um' });
    await external(app).send({ telefone: '+5511987654321', mensagem: 'dois' });
    expect((await external(app).get('/api/v2/stats')).body).toEqual({ totalMensagens: 2 });
  });
});

describe('admin tariffs', () => {
  it('lets any admin list, only the platform admin create and change; an application tariff overrides the global one', async () => {
    // Prepare
    const app = await newApplication('link', '1.00');
    const tenantAdmin = (method: string, url: string, body?: unknown) =>
      call(method, url, { Authorization: `Bearer ${outra().tokens.admin}` }, body);

    // Act
    const listed = await tenantAdmin('GET', '/api/admin/tarifas');
    const refused = await tenantAdmin('POST', '/api/admin/tarifas', {
      categoria: 'MENSAGENS',
      subtipo: 'ENVIADA',
      valor: '0.01',
      unidade: 'POR_MENSAGEM',
    });
    const invalidValor = await admin('POST', '/api/admin/tarifas', {
      categoria: 'MENSAGENS',
      subtipo: 'ENVIADA',
      valor: '0.001',
      unidade: 'POR_MENSAGEM',
      aplicacaoId: app.id,
    });
    const created = await admin('POST', '/api/admin/tarifas', {
      categoria: 'MENSAGENS',
      subtipo: 'ENVIADA',
      valor: '0.25',
      unidade: 'POR_MENSAGEM',
      aplicacaoId: app.id,
    });
    const sentAt25 = await external(app).send({ telefone: '+5511987654321', mensagem: 'mais cara' });
    const balanceAt25 = await balanceOf(app);
    const changed = await admin('PUT', `/api/admin/tarifas/${created.body.id}`, { valor: '0.30' });
    // The send path keeps the catalogue while its version holds: a change is charged from the next send on.
    const sentAt30 = await external(app).send({ telefone: '+5511987654321', mensagem: 'agora a 0,30' });
    const own = (await external(app).get('/api/external/financeiro/tarifas')).body as unknown as Json[];
    const others = (await external(demo()).get('/api/external/financeiro/tarifas')).body as unknown as Json[];
    const expired = await admin('PUT', `/api/admin/tarifas/${created.body.id}`, {
      vigenciaFim: '2020-01-01',
      vigenciaInicio: '2019-01-01',
    });
    const afterExpiry = (await external(app).get('/api/external/financeiro/tarifas')).body as unknown as Json[];
    const sentAtGlobal = await external(app).send({ telefone: '+5511987654321', mensagem: 'de volta à global' });
    const unknown = await admin('PUT', '/api/admin/tarifas/987654321', { valor: '1.00' });

    // Assess
    expect(listed.status).toBe(200);
    expect((listed.body as unknown as Json[]).length).toBeGreaterThanOrEqual(5);
    expect(refused.status).toBe(403);
    expect(invalidValor).toMatchObject({ status: 400, body: { field: 'valor' } });
    expect(created).toMatchObject({ status: 201, body: { valor: '0.25', aplicacaoId: app.id, ativo: true, moeda: 'BRL' } });
    expect(sentAt25.status).toBe(200);
    expect(balanceAt25).toBe('0.75');
    expect(changed).toMatchObject({ status: 200, body: { id: created.body.id, valor: '0.30' } });
    expect(sentAt30.status).toBe(200);
    expect(sentAtGlobal.status).toBe(200);
    expect(await balanceOf(app)).toBe('0.35'); // 1.00 - 0.25 - 0.30 - 0.10
    expect(own.find((t) => t.subtipo === 'ENVIADA')).toMatchObject({ id: created.body.id, valor: '0.30' });
    expect(others.find((t) => t.subtipo === 'ENVIADA')).toMatchObject({ valor: '0.10' });
    expect(expired.status).toBe(200);
    expect(afterExpiry.find((t) => t.subtipo === 'ENVIADA')).toMatchObject({ valor: '0.10' });
    expect(unknown.status).toBe(404);
  });
});

describe('refunds (estornos)', () => {
  it('credits a debit once: of two simultaneous requests exactly one is 201, the other 409, and the balance moves once', async () => {
    // Prepare
    const app = await newApplication('link', '2.00');
    const sent = await external(app).send({ telefone: '+5511987654321', mensagem: 'a estornar' });
    const debit = ((await statementOf(app)).content as Json[]).find((e) => e.referenciaId === sent.body.mensagemId)!;

    // Act
    const answers = await Promise.all([
      admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: debit.id, motivo: 'teste' }),
      admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: debit.id }),
    ]);
    const third = await admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: debit.id });

    // Assess
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const ok = answers.find((a) => a.status === 201)!;
    expect(ok.body).toMatchObject({ tipo: 'CREDIT', valor: '0.10', referenciaTipo: 'ESTORNO', referenciaId: debit.id });
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ error: 'conflict' });
    expect(third.status).toBe(409);
    expect(await balanceOf(app)).toBe('2.00');
    // The loser read the marker first (nothing written), or moved too: then its credit stays in the chain with its
    // annulment (ESTORNO_ANULADO), so the refund counts once.
    const entries = [...((await statementOf(app)).content as Json[])].reverse();
    const refunds = entries.filter((e) => e.referenciaTipo === 'ESTORNO');
    const annulled = entries.filter((e) => e.referenciaTipo === 'ESTORNO_ANULADO');
    expect(refunds.length - annulled.length).toBe(1);
    expect(annulled.map((e) => e.referenciaId)).toEqual(refunds.filter((e) => e.id !== ok.body.id).map((e) => e.id));
    entries.forEach((e, i) => {
      expect(e.id).toBe(i + 1);
      if (i > 0) expect(e.saldoAnterior).toBe(entries[i - 1]!.saldoPosterior);
    });
  });

  it('refuses a credit (400), an unknown entry (404), and a tenant admin (403)', async () => {
    const app = await newApplication('link', '2.00');

    const credit = await admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: 1 });
    const unknown = await admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: 42 });
    const invalidBody = await admin('POST', `/api/admin/aplicacoes/${app.id}/estornos`, { lancamentoId: 'x' });
    const tenant = await call(
      'POST',
      `/api/admin/aplicacoes/${outra().id}/estornos`,
      { Authorization: `Bearer ${outra().tokens.admin}` },
      { lancamentoId: 1 },
    );

    expect(credit.status).toBe(400);
    expect(unknown.status).toBe(404);
    expect(invalidBody).toMatchObject({ status: 400, body: { field: 'lancamentoId' } });
    expect(tenant.status).toBe(403);
    expect(await balanceOf(app)).toBe(addAmounts('0', '2.00'));
  });
});

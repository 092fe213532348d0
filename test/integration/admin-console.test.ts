// The admin routes behind the console's Agendamentos, Atendimentos and Configurações screens (#26),
// under the local run: each for the token's own application (another application's record is the
// same 404 as an unknown one; outra's tenant admin never sees demo's data), each refusing a bad query
// or body with a 400 and nothing written.
import { describe, expect, it } from 'vitest';
import { TEST_TEXT } from '#functions/admin-whatsapp/provider-test';
import { bearer, client, useLocalService, type Json } from '../support/local-service.ts';

const service = useLocalService();
const api = client(service);

type AppKey = 'demo' | 'outra' | 'semSaldo';
const app = (key: AppKey) => service.sandbox.applications[key];
const admin = (key: AppKey, method: string, url: string, body?: unknown) => api.call(method, url, bearer(app(key).tokens.admin), body);

let phones = 0;
const mobile = () => `+55119${String(60000000 + (process.pid % 1000) * 1000 + ++phones).padStart(8, '0')}`;

const statement = async (key: AppKey) =>
  (await api.call('GET', '/api/external/financeiro/extrato?size=100', { 'X-Api-Key': app(key).apiKey, 'X-Api-Secret': app(key).apiSecret }))
    .body.content as Json[];

describe('Configurações: GET /api/admin/usuarios', () => {
  it('pages the application’s own portal users, never a password, and outra’s admin sees only outra’s', async () => {
    // Prepare: one more admin in demo
    const email = `secretaria-${process.pid}-${Date.now()}@demo.example`;
    const created = await admin('demo', 'POST', '/api/admin/usuarios', {
      nome: 'Secretária',
      email,
      role: 'admin',
      senha: 'uma senha longa 123',
    });
    expect(created.status).toBe(201);

    // Act
    const all = await admin('demo', 'GET', '/api/admin/usuarios?size=100');
    const firstPage = await admin('demo', 'GET', '/api/admin/usuarios?size=2');
    const secondPage = await admin('demo', 'GET', '/api/admin/usuarios?size=2&page=1');
    const foreign = await admin('outra', 'GET', '/api/admin/usuarios?size=100');

    // Assess
    expect(all.status).toBe(200);
    const users = all.body.content as Json[];
    expect(users.map((u) => u.email)).toContain(email);
    expect(users.every((u) => u.aplicacaoId === app('demo').id)).toBe(true);
    expect(new Set(users.map((u) => u.role))).toEqual(new Set(['admin', 'prestador', 'plantonista', 'paciente']));
    expect(JSON.stringify(all.body)).not.toMatch(/senha|hash|scrypt/i);
    expect(all.body).toMatchObject({ totalElements: users.length, number: 0, size: 100, totalPages: 1 });
    expect(firstPage.body).toMatchObject({ totalElements: users.length, totalPages: Math.ceil(users.length / 2), number: 0, size: 2 });
    expect([...firstPage.body.content, ...secondPage.body.content]).toEqual(users.slice(0, 4));
    expect(foreign.status).toBe(200);
    expect((foreign.body.content as Json[]).length).toBeGreaterThan(0);
    expect((foreign.body.content as Json[]).every((u) => u.aplicacaoId === app('outra').id)).toBe(true);
    expect((foreign.body.content as Json[]).map((u) => u.email)).not.toContain(email);
  });

  it('refuses a bad page or size with a 400', async () => {
    const badSize = await admin('demo', 'GET', '/api/admin/usuarios?size=101');
    const badPage = await admin('demo', 'GET', '/api/admin/usuarios?page=-1');
    expect(badSize.status).toBe(400);
    expect(badSize.body).toMatchObject({ error: 'validation_error' });
    expect(badPage.status).toBe(400);
  });
});

describe('Configurações: POST /api/admin/whatsapp/teste', () => {
  it('sends the test text through the application’s provider (provider_a for outra), charged as a TESTE send', async () => {
    // Prepare
    const telefone = mobile();
    const before = await statement('outra');

    // Act
    const sent = await admin('outra', 'POST', '/api/admin/whatsapp/teste', { telefone });

    // Assess: the provider got the text; the statement has its debit; the message log shows it as TESTE
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'ENVIADO', mensagemId: expect.any(Number), messageSid: expect.any(String) });
    const delivered = service.simulators.providerA.sent().filter((s) => s.to === `whatsapp:${telefone}`);
    expect(delivered.map((s) => s.body)).toEqual([TEST_TEXT]);
    const after = await statement('outra');
    expect(after.length).toBe(before.length + 1);
    expect(after[0]).toMatchObject({ tipo: 'DEBIT', referenciaTipo: 'MENSAGEM_ENVIADA', referenciaId: sent.body.mensagemId });
    const message = await api.call('GET', `/api/external/messages/${sent.body.mensagemId}`, {
      'X-Api-Key': app('outra').apiKey,
      'X-Api-Secret': app('outra').apiSecret,
    });
    expect(message.body).toMatchObject({ toNumber: telefone, body: TEST_TEXT });
  });

  it('is 402 with the balance when the application cannot pay for it, with nothing sent or charged', async () => {
    const telefone = mobile();
    const sentBefore = service.simulators.providerB.sent().length;

    const refused = await admin('semSaldo', 'POST', '/api/admin/whatsapp/teste', { telefone });

    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ error: 'insufficient_balance', saldo: '0.00' });
    expect(service.simulators.providerB.sent().length).toBe(sentBefore);
    expect(await statement('semSaldo')).toEqual([]);
  });

  it('refuses a number that is not a phone, or a missing one, with a 400 and nothing charged', async () => {
    const before = await statement('outra');

    const notAPhone = await admin('outra', 'POST', '/api/admin/whatsapp/teste', { telefone: 'abc' });
    const missing = await admin('outra', 'POST', '/api/admin/whatsapp/teste', {});
    const tooLong = await admin('outra', 'POST', '/api/admin/whatsapp/teste', { telefone: '+55'.padEnd(40, '1') });

    for (const reply of [notAPhone, missing, tooLong]) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error: 'validation_error', field: 'telefone' });
    }
    expect((await statement('outra')).map((e) => e.id)).toEqual(before.map((e) => e.id));
  });
});

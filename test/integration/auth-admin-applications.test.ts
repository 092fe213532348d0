// The admin panel's applications through the local gateway (portal JWT authorizer, admin
// handler, DynamoDB Local) with the sandbox tokens: demo's admin is the platform operator's,
// outra's and semSaldo's are admins of their own application only. A few checks also call the
// admin Lambda handler directly with an authorizer context, as API Gateway would.
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler as adminHandler } from '#functions/admin/handler';
import { client, useLocalService } from '../support/local-service.ts';
import { hashSecret } from '#shared/auth/secrets';
import { db } from '#shared/db/client';
import { storedAmount } from '#shared/db/numbers';
import { addAmounts } from '#shared/domain/money';
import type { Application } from '#shared/domain/applications/records';
import { providerSecret } from '#shared/providers/secrets';
import { providerASignature } from '#shared/providers/signatures';
import { groupFunctions } from '#infra/functions';
import { runAs } from '#infra/local/handlers';

const service = useLocalService();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const platformToken = () => service.sandbox.applications.demo.tokens.admin;
const tenantToken = () => service.sandbox.applications.outra.tokens.admin;

async function call(method: string, url: string, token: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${service.baseUrl}${url}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : {} };
}

async function scanAll(): Promise<Json[]> {
  const items: Json[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new ScanCommand({ TableName: service.tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * Every item but the id sequence (drawing an id is not writing data), once the stream's follower has caught up:
 * it may still be filing an earlier test's credits into their statement day.
 */
const dataItems = async () => {
  await service.streams.drained();
  return (await scanAll()).filter((item) => !String(item.pk).startsWith('SEQ#'));
};

let slugCounter = 0;
const newSlug = () => `clinica-teste-${++slugCounter}`;

const providerA = { accountSid: 'AC0123456789', authToken: 'provider-a-auth-token-9876', fromNumber: '+5511988887777' };
const providerB = {
  phoneNumberId: '123456789012345',
  accessToken: 'EAAprovider-b-access-token-5555',
  appSecret: 'provider-b-app-secret-4444',
  verifyToken: 'provider-b-verify-token-3333',
};

// A WhatsApp number belongs to one application on the whole platform: each application gets its own.
let numberCounter = 0;
const ownNumber = () => `+55119${String(process.pid % 1000).padStart(3, '0')}${String(++numberCounter).padStart(5, '0')}`;

const createApp = async (body: Json = {}) =>
  call('POST', '/api/admin/aplicacoes', platformToken(), {
    nome: 'Clínica Teste',
    slug: newSlug(),
    provider: 'provider_a',
    providerA: { ...providerA, fromNumber: ownNumber() },
    ...body,
  });

describe('POST /api/admin/aplicacoes', () => {
  it('creates the application with its first API pair, shown once, and provider secrets masked', async () => {
    // Act
    const created = await createApp({ providerA, providerB });

    // Assess: the answer
    expect(created.status).toBe(201);
    const app = created.body;
    expect(app).toEqual({
      id: expect.any(Number),
      nome: 'Clínica Teste',
      slug: expect.stringMatching(/^clinica-teste-/),
      provider: 'provider_a',
      ativo: true,
      mensagensPorSegundo: 80,
      carimboTempo: false,
      criadoEm: expect.any(String),
      apiKey: app.credenciais.apiKey,
      numerosWhatsapp: [providerA.fromNumber],
      saldo: '0.00',
      providerA: {
        accountSid: providerA.accountSid,
        authToken: '****9876',
        fromNumber: providerA.fromNumber,
        baseUrl: expect.stringMatching(/^https:/),
      },
      providerB: {
        phoneNumberId: providerB.phoneNumberId,
        accessToken: '****5555',
        appSecret: '****4444',
        verifyToken: '****3333',
        baseUrl: expect.stringMatching(/^https:/),
        wabaId: null,
      },
      credenciais: { apiKey: expect.stringMatching(/^ak_/), apiSecret: expect.any(String) },
    });
    expect(app.credenciais.apiSecret.length).toBeGreaterThanOrEqual(43);

    // Assess: what is stored
    const items = await scanAll();
    const everything = JSON.stringify(items);
    expect(everything).not.toContain(app.credenciais.apiSecret);
    // Provider secrets are in the secret store, each by the version the item names: no table reader sees them.
    for (const secret of [providerA.authToken, providerB.accessToken, providerB.appSecret, providerB.verifyToken]) {
      expect(everything).not.toContain(secret);
    }
    const stored = items.find((i) => i.pk === `APP#${app.id}` && i.sk === 'APP') as Application;
    expect(await providerSecret(stored, 'providerA.authToken')).toBe(providerA.authToken);
    expect(await providerSecret(stored, 'providerB.appSecret')).toBe(providerB.appSecret);
    const key = items.find((i) => i.pk === `APIKEY#${app.credenciais.apiKey}`);
    expect(key).toMatchObject({ aplicacaoId: app.id, secretHash: hashSecret(app.credenciais.apiSecret) });
    expect(items.find((i) => i.pk === `SLUG#${app.slug}`)).toMatchObject({ aplicacaoId: app.id });
    expect(items.find((i) => i.pk === `APP#${app.id}` && i.sk === 'SALDO')?.saldo.toString()).toBe('0');

    // Assess: the secret is never shown again, and the pair works at once
    const read = await call('GET', `/api/admin/aplicacoes/${app.id}`, platformToken());
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(app.credenciais.apiSecret);
    expect(JSON.stringify(read.body)).not.toContain(providerA.authToken);
    expect(read.body).not.toHaveProperty('credenciais');
    const external = await fetch(`${service.baseUrl}/api/external/financeiro/saldo`, {
      headers: { 'X-Api-Key': app.credenciais.apiKey, 'X-Api-Secret': app.credenciais.apiSecret },
    });
    expect(external.status).toBe(200);
  });

  it('creates a link application with no provider settings', async () => {
    const created = await call('POST', '/api/admin/aplicacoes', platformToken(), { nome: 'Só Link', slug: newSlug(), provider: 'link' });

    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ provider: 'link', providerA: null, providerB: null });
  });

  it('refuses a slug already in use with 409, writing nothing', async () => {
    // Prepare
    const before = await dataItems();

    // Act
    const again = await createApp({ slug: 'demo' });

    // Assess
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'conflict', message: expect.stringContaining('demo') });
    expect(await dataItems()).toEqual(before);
  });

  it.each([
    ['nome', { nome: undefined }],
    ['nome', { nome: '   ' }],
    ['slug', { slug: 'Com Maiusculas' }],
    ['slug', { slug: 'ab' }],
    ['slug', { slug: 'a'.repeat(41) }],
    ['slug', { slug: '-comeca-com-hifen' }],
    ['provider', { provider: 'provider_c' }],
    ['providerA', { providerA: undefined }],
    ['providerA.authToken', { providerA: { ...providerA, authToken: undefined } }],
    ['providerA.baseUrl', { providerA: { ...providerA, baseUrl: 'ftp://example.com' } }],
    ['providerB', { provider: 'provider_b' }],
    ['providerB.verifyToken', { provider: 'provider_b', providerB: { ...providerB, verifyToken: '' } }],
  ])('answers 400 naming %s, writing nothing', async (field, override) => {
    // Prepare
    const before = await dataItems();

    // Act
    const refused = await createApp(override);

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'validation_error', field });
    expect(refused.body.message).toContain(field);
    expect(await dataItems()).toEqual(before);
  });

  it('answers 400 to a body that is not JSON or is missing', async () => {
    expect((await call('POST', '/api/admin/aplicacoes', platformToken(), '{nome')).status).toBe(400);
    expect((await call('POST', '/api/admin/aplicacoes', platformToken())).status).toBe(400);
  });

  it("refuses an admin who is not the platform's with 403, writing nothing", async () => {
    const before = await dataItems();

    const refused = await call('POST', '/api/admin/aplicacoes', tenantToken(), { nome: 'X', slug: newSlug(), provider: 'link' });

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'forbidden' });
    expect(await dataItems()).toEqual(before);
  });

  it('refuses tokens of the other portals', async () => {
    const { demo } = service.sandbox.applications;
    for (const role of ['prestador', 'plantonista', 'paciente'] as const) {
      const refused = await call('POST', '/api/admin/aplicacoes', demo.tokens[role], { nome: 'X', slug: newSlug(), provider: 'link' });
      expect(refused.status, role).toBe(403);
    }
  });
});

describe('GET /api/admin/aplicacoes', () => {
  it('pages every application for the platform admin, by id', async () => {
    // Prepare: at least the three sandbox applications exist.
    const all = await call('GET', '/api/admin/aplicacoes?size=100', platformToken());
    const total = all.body.totalElements as number;

    // Act
    const first = await call('GET', '/api/admin/aplicacoes?size=2', platformToken());
    const second = await call('GET', '/api/admin/aplicacoes?size=2&page=1', platformToken());
    const beyond = await call('GET', `/api/admin/aplicacoes?size=2&page=${total}`, platformToken());

    // Assess
    expect(all.status).toBe(200);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(all.body.content.map((a: Json) => a.slug)).toEqual(expect.arrayContaining(['demo', 'outra', 'sem-saldo']));
    const ids = all.body.content.map((a: Json) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(first.body).toMatchObject({ totalElements: total, totalPages: Math.ceil(total / 2), number: 0, size: 2 });
    expect([...first.body.content, ...second.body.content].map((a: Json) => a.id)).toEqual(ids.slice(0, 4));
    expect(beyond.body.content).toEqual([]);
    expect(JSON.stringify(all.body)).not.toContain(service.sandbox.applications.outra.providerA.authToken);
  });

  it('uses page 0 and size 20 by default and refuses a size above 100', async () => {
    const page = await call('GET', '/api/admin/aplicacoes', platformToken());
    const tooBig = await call('GET', '/api/admin/aplicacoes?size=101', platformToken());

    expect(page.body).toMatchObject({ number: 0, size: 20 });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ field: 'size' });
  });

  it("is the platform admin's only (403)", async () => {
    const refused = await call('GET', '/api/admin/aplicacoes', tenantToken());

    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'forbidden' });
  });
});

describe('GET /api/admin/aplicacoes/{id}', () => {
  it('shows an admin its own application, masked, with its balance', async () => {
    const { outra } = service.sandbox.applications;

    const read = await call('GET', `/api/admin/aplicacoes/${outra.id}`, tenantToken());

    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: outra.id, slug: 'outra', provider: 'provider_a', saldo: '100.00', apiKey: outra.apiKey });
    expect(read.body.providerA.authToken).toBe(`****${outra.providerA.authToken.slice(-4)}`);
    expect(read.body.providerB.appSecret).toBe(`****${outra.providerB.appSecret.slice(-4)}`);
  });

  it('answers 404, the same as for an id that does not exist, for another application', async () => {
    const { demo } = service.sandbox.applications;

    const other = await call('GET', `/api/admin/aplicacoes/${demo.id}`, tenantToken());
    const missing = await call('GET', '/api/admin/aplicacoes/999999999', tenantToken());
    const missingForPlatform = await call('GET', '/api/admin/aplicacoes/999999999', platformToken());
    const notAnId = await call('GET', '/api/admin/aplicacoes/abc', platformToken());

    expect(other.status).toBe(404);
    expect(other.body).toEqual(missing.body);
    expect(missingForPlatform.status).toBe(404);
    expect(notAnId.status).toBe(404);
  });

  it('lets the platform admin read any application', async () => {
    const { semSaldo } = service.sandbox.applications;

    const read = await call('GET', `/api/admin/aplicacoes/${semSaldo.id}`, platformToken());

    expect(read.body).toMatchObject({ id: semSaldo.id, slug: 'sem-saldo', saldo: '0.00' });
  });
});

describe('PUT /api/admin/aplicacoes/{id}/provider', () => {
  it('changes the provider, visible on the very next read', async () => {
    // Prepare
    const created = (await createApp({ providerB })).body;

    // Act
    const changed = await call('PUT', `/api/admin/aplicacoes/${created.id}/provider`, platformToken(), { provider: 'provider_b' });
    const read = await call('GET', `/api/admin/aplicacoes/${created.id}`, platformToken());

    // Assess
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: created.id, provider: 'provider_b' });
    expect(read.body.provider).toBe('provider_b');
  });

  it("lets an application's own admin change a setting, keeping the others", async () => {
    // Prepare
    const { outra } = service.sandbox.applications;
    const before = (await call('GET', `/api/admin/aplicacoes/${outra.id}`, tenantToken())).body;

    // Act
    const changed = await call('PUT', `/api/admin/aplicacoes/${outra.id}/provider`, tenantToken(), {
      providerA: { authToken: 'novo-auth-token-de-teste-1234' },
    });

    // Assess
    expect(changed.status).toBe(200);
    const after = (await call('GET', `/api/admin/aplicacoes/${outra.id}`, tenantToken())).body;
    expect(after.providerA).toEqual({ ...before.providerA, authToken: '****1234' });
    expect(after.provider).toBe('provider_a');
    const stored = (await scanAll()).find((i) => i.pk === `APP#${outra.id}` && i.sk === 'APP') as Application;
    expect(JSON.stringify(stored)).not.toContain('novo-auth-token-de-teste-1234');
    expect(await providerSecret(stored, 'providerA.authToken')).toBe('novo-auth-token-de-teste-1234');
    // The change applies from the next request on: the send authenticates with the new token (the simulator checks it),
    // and a status callback is verified with it.
    const sent = await client(service).external(outra).send({ telefone: '+5511987650101', mensagem: 'x' });
    expect(sent.status).toBe(200);
    const url = `${service.baseUrl}/api/webhooks/whatsapp/status`;
    const params = { MessageSid: sent.body.messageSid as string, MessageStatus: 'delivered' };
    const callback = (token: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Provider-A-Signature': providerASignature(url, params, token) },
        body: new URLSearchParams(params),
      });
    expect((await callback(outra.providerA.authToken)).status).toBe(403);
    expect((await callback('novo-auth-token-de-teste-1234')).status).toBe(200);
    // The simulator's own callbacks settle before the next test counts what is written.
    await service.simulators.providerA.idle();
    await service.queues.drained();
  });

  it('switches to link and back', async () => {
    const created = (await createApp()).body;

    const toLink = await call('PUT', `/api/admin/aplicacoes/${created.id}/provider`, platformToken(), { provider: 'link' });
    const back = await call('PUT', `/api/admin/aplicacoes/${created.id}/provider`, platformToken(), { provider: 'provider_a' });

    expect(toLink.body.provider).toBe('link');
    expect(back.body).toMatchObject({ provider: 'provider_a', providerA: { accountSid: providerA.accountSid } });
  });

  it('refuses a provider whose settings are missing, with 400 naming them, changing nothing', async () => {
    // Prepare: a provider_a application without provider_b settings.
    const created = (await createApp()).body;

    // Act
    const refused = await call('PUT', `/api/admin/aplicacoes/${created.id}/provider`, platformToken(), { provider: 'provider_b' });
    const incomplete = await call('PUT', `/api/admin/aplicacoes/${created.id}/provider`, platformToken(), {
      provider: 'provider_b',
      providerB: { phoneNumberId: '1' },
    });

    // Assess
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ field: 'providerB' });
    expect(incomplete.body).toMatchObject({ field: 'providerB.accessToken' });
    expect((await call('GET', `/api/admin/aplicacoes/${created.id}`, platformToken())).body).toMatchObject({
      provider: 'provider_a',
      providerB: null,
    });
  });

  it('refuses an incomplete block of the provider not in effect too, with 400 naming the missing setting, storing nothing', async () => {
    // Prepare: a link application, no provider settings at all (the console sends what the operator typed of both blocks).
    const created = (await createApp({ provider: 'link', providerA: undefined })).body;

    // Act
    const halfA = await call('PUT', `/api/admin/aplicacoes/${created.id}/provider`, platformToken(), {
      provider: 'link',
      providerA: { accountSid: 'AC-so-isto' },
    });
    const halfB = await call('POST', '/api/admin/aplicacoes', platformToken(), {
      nome: 'Clínica Teste',
      slug: newSlug(),
      provider: 'link',
      providerB: { phoneNumberId: '1' },
    });

    // Assess
    expect(halfA.status).toBe(400);
    expect(halfA.body).toMatchObject({ field: 'providerA.authToken' });
    expect(halfB.status).toBe(400);
    expect(halfB.body).toMatchObject({ field: 'providerB.accessToken' });
    const read = await call('GET', `/api/admin/aplicacoes/${created.id}`, platformToken());
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ provider: 'link', providerA: null, providerB: null });
  });

  it('answers 404 for another application and 403 when a tenant admin points baseUrl elsewhere', async () => {
    const { demo, outra } = service.sandbox.applications;

    const other = await call('PUT', `/api/admin/aplicacoes/${demo.id}/provider`, tenantToken(), { provider: 'provider_a' });
    const baseUrl = await call('PUT', `/api/admin/aplicacoes/${outra.id}/provider`, tenantToken(), {
      providerA: { baseUrl: 'http://169.254.169.254/latest' },
    });

    expect(other.status).toBe(404);
    expect((await call('GET', `/api/admin/aplicacoes/${demo.id}`, platformToken())).body.provider).toBe('link');
    expect(baseUrl.status).toBe(403);
  });
});

describe('OAuth2 clients of an application', () => {
  it('registers a client with its scopes, its secret shown once, and the client gets a token', async () => {
    // Prepare
    const { outra } = service.sandbox.applications;

    // Act
    const created = await call('POST', `/api/admin/aplicacoes/${outra.id}/oauth-clients`, tenantToken(), {
      nome: 'Integração Laboratório',
      scopes: ['agendamentos:read', 'pacientes:read'],
    });

    // Assess
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      clientId: expect.any(String),
      clientSecret: expect.any(String),
      scopes: ['agendamentos:read', 'pacientes:read'],
      nome: 'Integração Laboratório',
    });
    const listed = await call('GET', `/api/admin/aplicacoes/${outra.id}/oauth-clients`, tenantToken());
    expect(listed.status).toBe(200);
    expect(listed.body).toContainEqual({
      clientId: created.body.clientId,
      nome: 'Integração Laboratório',
      scopes: ['agendamentos:read', 'pacientes:read'],
      criadoEm: expect.any(String),
      revogadoEm: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.clientSecret);
    expect(JSON.stringify(listed.body)).not.toContain('secretHash');
    expect(JSON.stringify(await scanAll())).not.toContain(created.body.clientSecret);

    const token = await fetch(`${service.baseUrl}/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: created.body.clientId,
        client_secret: created.body.clientSecret,
      }),
    });
    expect(token.status).toBe(200);
    expect(await token.json()).toMatchObject({ token_type: 'Bearer', scope: 'agendamentos:read pacientes:read' });
  });

  it('answers 400 naming an unknown scope, and refuses an empty scope list, writing nothing', async () => {
    const { outra } = service.sandbox.applications;
    const before = await dataItems();

    const unknown = await call('POST', `/api/admin/aplicacoes/${outra.id}/oauth-clients`, tenantToken(), {
      nome: 'X',
      scopes: ['agendamentos:read', 'tudo:liberado'],
    });
    const empty = await call('POST', `/api/admin/aplicacoes/${outra.id}/oauth-clients`, tenantToken(), { nome: 'X', scopes: [] });
    const noName = await call('POST', `/api/admin/aplicacoes/${outra.id}/oauth-clients`, tenantToken(), { scopes: ['agendamentos:read'] });

    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ field: 'scopes' });
    expect(unknown.body.message).toContain('tudo:liberado');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ field: 'scopes' });
    expect(noName.body).toMatchObject({ field: 'nome' });
    expect(await dataItems()).toEqual(before);
  });

  it("answers 404 for another application's clients", async () => {
    const { demo } = service.sandbox.applications;

    const list = await call('GET', `/api/admin/aplicacoes/${demo.id}/oauth-clients`, tenantToken());
    const create = await call('POST', `/api/admin/aplicacoes/${demo.id}/oauth-clients`, tenantToken(), {
      nome: 'X',
      scopes: ['agendamentos:read'],
    });

    expect(list.status).toBe(404);
    expect(create.status).toBe(404);
  });
});

describe('POST /api/admin/aplicacoes/{id}/creditos', () => {
  const credit = (id: number, valor: unknown, descricao?: string) =>
    call('POST', `/api/admin/aplicacoes/${id}/creditos`, platformToken(), descricao === undefined ? { valor } : { valor, descricao });

  /** The application's statement entries as stored, in key order. */
  const storedEntries = async (id: number) =>
    (await scanAll()).filter((i) => i.pk === `APP#${id}` && String(i.sk).startsWith('EXTRATO#')).sort((a, b) => (a.sk < b.sk ? -1 : 1));

  it('adds exactly: "0.10" + "0.20" makes "0.30", with chained statement entries', async () => {
    // Prepare
    const app = (await createApp()).body;

    // Act
    const first = await credit(app.id, '0.10', 'Recarga de teste');
    const second = await credit(app.id, '0.2');

    // Assess
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: 1,
      tipo: 'CREDIT',
      valor: '0.10',
      saldoAnterior: '0.00',
      saldoPosterior: '0.10',
      descricao: 'Recarga de teste',
      referenciaTipo: 'CREDITO',
      referenciaId: null,
      tarifaCobrada: null,
      custoProviderAUsd: null,
      custoProviderABrl: null,
      custoProviderBUsd: null,
      custoProviderBBrl: null,
      cotacaoUsdBrl: null,
      tipoConversa: null,
      criadoEm: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
    expect(second.body).toMatchObject({ id: 2, valor: '0.20', saldoAnterior: '0.10', saldoPosterior: '0.30' });
    expect((await call('GET', `/api/admin/aplicacoes/${app.id}`, platformToken())).body.saldo).toBe('0.30');
    const balance = (await scanAll()).find((i) => i.pk === `APP#${app.id}` && i.sk === 'SALDO');
    expect(typeof balance?.saldo).not.toBe('string'); // a DynamoDB number, exact
    expect(storedAmount(balance?.saldo)).toBe('0.30');
    const entries = await storedEntries(app.id);
    expect(entries.map((e) => [e.sk, e.tipo, e.tipoLancamento, storedAmount(e.valor), storedAmount(e.saldoPosterior)])).toEqual([
      ['EXTRATO#0000000000000001', 'EXTRATO', 'CREDIT', '0.10', '0.10'],
      ['EXTRATO#0000000000000002', 'EXTRATO', 'CREDIT', '0.20', '0.30'],
    ]);
  });

  it('applies 20 concurrent credits, every one, with a chain of entries', async () => {
    // Prepare: amounts 0.01 .. 0.20 on top of an opening credit.
    const app = (await createApp()).body;
    await credit(app.id, '1000.00');
    const amounts = Array.from({ length: 20 }, (_, i) => `0.${String(i + 1).padStart(2, '0')}`);

    // Act
    const responses = await Promise.all(amounts.map((valor) => credit(app.id, valor)));

    // Assess: all applied, the total exact (1000 + 2.10).
    expect(responses.map((r) => r.status)).toEqual(amounts.map(() => 201));
    expect((await call('GET', `/api/admin/aplicacoes/${app.id}`, platformToken())).body.saldo).toBe('1002.10');
    const entries = await storedEntries(app.id);
    expect(entries).toHaveLength(21);
    expect(entries.map((e) => e.id)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(
      entries
        .slice(1)
        .map((e) => storedAmount(e.valor))
        .sort(),
    ).toEqual([...amounts].sort());
    for (let i = 1; i < entries.length; i++) {
      const [entry, previous] = [entries[i]!, entries[i - 1]!];
      expect(storedAmount(entry.saldoAnterior), `entry ${i + 1}`).toBe(storedAmount(previous.saldoPosterior));
      expect(addAmounts(storedAmount(entry.saldoAnterior), storedAmount(entry.valor)), `entry ${i + 1}`).toBe(
        storedAmount(entry.saldoPosterior),
      );
    }
    expect(storedAmount(entries.at(-1)!.saldoPosterior)).toBe('1002.10');
  });

  it.each([['0'], ['0.00'], ['-5.00'], ['1.234'], ['abc'], ['1e3'], [10], [null]])(
    'answers 400 naming valor for %j, writing nothing',
    async (valor) => {
      const { semSaldo } = service.sandbox.applications;
      const before = await dataItems();

      const refused = await credit(semSaldo.id, valor);

      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error: 'validation_error', field: 'valor' });
      expect(await dataItems()).toEqual(before);
    },
  );

  it("is the platform admin's only, even on the admin's own application (403)", async () => {
    const { outra } = service.sandbox.applications;
    const saldo = async () => (await call('GET', `/api/admin/aplicacoes/${outra.id}`, tenantToken())).body.saldo as string;
    const before = await saldo();

    const refused = await call('POST', `/api/admin/aplicacoes/${outra.id}/creditos`, tenantToken(), { valor: '10.00' });

    expect(refused.status).toBe(403);
    expect(await saldo()).toBe(before);
  });

  it('answers 404 for an application that does not exist', async () => {
    expect((await credit(999999999, '1.00')).status).toBe(404);
  });
});

describe('the admin Lambda handler with an authorizer context (as API Gateway calls it)', () => {
  const invoke = async (
    input: { method: string; resource: string; pathParameters?: Record<string, string>; body?: object },
    scopes: string,
    aplicacaoId: number,
  ) => {
    const event = restEvent({
      ...input,
      authorizer: {
        aplicacaoId: String(aplicacaoId),
        scopes,
        role: 'admin',
        subject: '1',
        expiresAt: String(Math.floor(Date.now() / 1000) + 300),
      },
    });
    const result = await runAs(adminHandler, event, lambdaContext(), groupFunctions.admin.id);
    return { status: result.statusCode, body: JSON.parse(result.body) as Json };
  };

  it('creates with the plataforma scope and refuses without it', async () => {
    const { outra } = service.sandbox.applications;
    const body = { nome: 'Via handler', slug: newSlug(), provider: 'link' };

    const refused = await invoke({ method: 'POST', resource: '/api/admin/aplicacoes', body }, '', outra.id);
    const created = await invoke({ method: 'POST', resource: '/api/admin/aplicacoes', body }, 'plataforma', outra.id);

    expect(refused.status).toBe(403);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: body.slug, credenciais: { apiKey: expect.any(String) } });
  });

  it('scopes a tenant admin to its own application', async () => {
    const { demo, outra } = service.sandbox.applications;
    const read = (id: number) =>
      invoke({ method: 'GET', resource: '/api/admin/aplicacoes/{id}', pathParameters: { id: String(id) } }, '', outra.id);

    expect((await read(outra.id)).status).toBe(200);
    expect((await read(demo.id)).status).toBe(404);
  });
});

// The provider machine credential end to end: the local service (DynamoDB Local, the local
// gateway running the real authorizer) over real HTTP with the sandbox credentials, and the
// provider portal's credential operations called as the provider-portal Lambda with the
// authorizer context a portal token produces. The requests ask /execucao for appointment 1, which no
// provider holds: an accepted credential shows as 404 not_found (LET_IN), a refused one as 401, a
// limited one as 429.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { handler as portalHandler } from '#functions/provider-portal/handler';
import { useLocalService } from '../support/local-service.ts';
import type { SandboxApp } from '#infra/local/seed';
import { hashSecret } from '#shared/auth/secrets';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { db, tableName } from '#shared/db/client';
import { registerPrestador } from '#shared/domain/applications/registration';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { otherSecret } from '../support/secrets.ts';
import { groupFunctions } from '#infra/functions';
import { runAs } from '#infra/local/handlers';

let demo: SandboxApp;
let outra: SandboxApp;

const service = useLocalService();

beforeAll(async () => {
  demo = service.sandbox.applications.demo;
  outra = service.sandbox.applications.outra;
});

// ---------------------------------------------------------------------------------------------
// Helpers

const EXECUCAO = '/api/external/prestador/v1/execucao';

/** POST /execucao through the gateway with the given identity headers. */
const execucao = (headers: Record<string, string>) =>
  fetch(`${service.baseUrl}${EXECUCAO}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ agendamentoId: 1, resultado: 'REALIZADO' }),
  });

/** What /execucao answers a credential it let in, for an appointment the provider does not hold. */
const LET_IN = 404;

const withCredential = (apiKey: string, apiSecret: string) => execucao({ 'X-Api-Key': apiKey, 'X-Api-Secret': apiSecret });

interface Who {
  aplicacaoId: number;
  prestadorId?: number;
}

interface CredentialBody {
  id: number;
  nome: string;
  apiKey: string;
  apiSecret?: string;
  limitePorMinuto: number | null;
  ipAllowlist: string[];
  ativo: boolean;
  criadoEm: string;
  revogadoEm: string | null;
}

/** The provider-portal Lambda, called as API Gateway calls it after the portal JWT authorizer allowed a prestador token. */
async function portal(who: Who, method: string, resource: string, options: { id?: number | string; body?: unknown } = {}) {
  const authorizer: Record<string, string> = {
    aplicacaoId: String(who.aplicacaoId),
    role: 'prestador',
    scopes: '',
    subject: 'user-1',
    expiresAt: String(Math.floor(Date.now() / 1000) + 3600),
  };
  if (who.prestadorId !== undefined) authorizer.prestadorId = String(who.prestadorId);
  const result = await runAs(
    portalHandler,
    restEvent({
      method,
      resource,
      pathParameters: options.id === undefined ? undefined : { id: String(options.id) },
      body: options.body as object | undefined,
      authorizer,
    }),
    lambdaContext('provider-portal'),
    groupFunctions['provider-portal'].id,
  );
  return { status: result.statusCode, headers: result.headers ?? {}, json: result.body ? JSON.parse(result.body) : undefined };
}

const demoProvider = (): Who => ({ aplicacaoId: demo.id, prestadorId: demo.prestador.id });

const create = async (body: unknown, who = demoProvider()) => {
  const response = await portal(who, 'POST', '/api/prestador/credenciais', { body });
  expect(response.status).toBe(201);
  return response.json as CredentialBody & { apiSecret: string };
};
const list = async (who = demoProvider()) => (await portal(who, 'GET', '/api/prestador/credenciais')).json as CredentialBody[];
const update = (id: number, body: unknown, who = demoProvider()) => portal(who, 'PUT', '/api/prestador/credenciais/{id}', { id, body });
const revoke = (id: number, who = demoProvider()) => portal(who, 'DELETE', '/api/prestador/credenciais/{id}', { id });
const regenerate = (id: number, who = demoProvider()) => portal(who, 'POST', '/api/prestador/credenciais/{id}/regenerar', { id });

const storedItem = async (apiKey: string) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `PCRED#${apiKey}`, sk: 'PCRED' } }))).Item;

// ---------------------------------------------------------------------------------------------

describe('the nbwp_ credential at the gateway', () => {
  it('lets the sandbox provider credential through to the route', async () => {
    const response = await withCredential(demo.prestador.apiKey, demo.prestador.apiSecret);

    expect(response.status).toBe(LET_IN);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });

  it('answers every wrong credential with the one identical 401', async () => {
    // Prepare
    const { apiKey, apiSecret } = demo.prestador;
    const attempts: [string, Record<string, string>][] = [
      ['wrong secret', { 'X-Api-Key': apiKey, 'X-Api-Secret': otherSecret(apiSecret) }],
      ['unknown key', { 'X-Api-Key': `nbwp_${'x'.repeat(24)}`, 'X-Api-Secret': apiSecret }],
      ["another provider's key with this secret", { 'X-Api-Key': outra.prestador.apiKey, 'X-Api-Secret': apiSecret }],
      ['missing secret header', { 'X-Api-Key': apiKey }],
      ['missing key header', { 'X-Api-Secret': apiSecret }],
      ['key without nbwp_ (the application API key pair)', { 'X-Api-Key': demo.apiKey, 'X-Api-Secret': demo.apiSecret }],
      ['key with its prefix removed', { 'X-Api-Key': apiKey.slice('nbwp_'.length), 'X-Api-Secret': apiSecret }],
    ];

    // Act
    const answers = await Promise.all(
      attempts.map(async ([what, headers]) => {
        const response = await execucao(headers);
        return { what, status: response.status, challenge: response.headers.get('www-authenticate'), body: await response.json() };
      }),
    );

    // Assess
    for (const answer of answers) {
      expect(answer, answer.what).toMatchObject({
        status: 401,
        challenge: gatewayResponses.UNAUTHORIZED.headers['WWW-Authenticate'],
        body: gatewayResponses.UNAUTHORIZED.body,
      });
    }
  });
});

describe('provider portal: credential management (handler level)', () => {
  it('creates a credential: 201 with the nbwp_ key and the secret shown once, stored only as a hash', async () => {
    // Act
    const response = await portal(demoProvider(), 'POST', '/api/prestador/credenciais', {
      body: { nome: '  ERP da clínica  ', limitePorMinuto: 600, ipAllowlist: ['127.0.0.1/32', '2001:db8::/32'] },
    });

    // Assess
    expect(response.status).toBe(201);
    expect(response.headers['Cache-Control']).toBe('no-store');
    const created = response.json as CredentialBody & { apiSecret: string };
    expect(created).toEqual({
      id: expect.any(Number),
      nome: 'ERP da clínica',
      apiKey: expect.stringMatching(/^nbwp_[A-Za-z0-9_-]{20,}$/),
      apiSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      limitePorMinuto: 600,
      ipAllowlist: ['127.0.0.1/32', '2001:db8::/32'],
      ativo: true,
      criadoEm: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      revogadoEm: null,
      ultimoUsoEm: null,
    });
    const item = await storedItem(created.apiKey);
    expect(item?.secretHash).toBe(hashSecret(created.apiSecret));
    expect(JSON.stringify(item)).not.toContain(created.apiSecret);
    expect(item).toMatchObject({
      tipo: 'PCRED',
      gsi1pk: `APP#${demo.id}#PRESTADOR#${demo.prestador.id}#PCRED`,
      gsi1sk: `PCRED#${created.id}`,
      aplicacaoId: demo.id,
      prestadorId: demo.prestador.id,
    });
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);
  });

  it('defaults to no limit, no allowlist and active, and can create an inactive credential', async () => {
    const plain = await create({ nome: 'simples' });
    const inactive = await create({ nome: 'inativa', ativo: false });

    expect(plain).toMatchObject({ limitePorMinuto: null, ipAllowlist: [], ativo: true });
    expect(inactive.ativo).toBe(false);
    expect((await withCredential(inactive.apiKey, inactive.apiSecret)).status).toBe(401);
  });

  it("lists the provider's credentials, oldest first, never with a secret", async () => {
    // Prepare
    const first = await create({ nome: 'lista 1' });
    const second = await create({ nome: 'lista 2' });

    // Act
    const response = await portal(demoProvider(), 'GET', '/api/prestador/credenciais');

    // Assess
    expect(response.status).toBe(200);
    const listed = response.json as CredentialBody[];
    const ids = listed.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(listed.find((c) => c.id === first.id)).toEqual({ ...first, apiSecret: undefined });
    for (const c of listed)
      expect(Object.keys(c).sort()).toEqual([
        'apiKey',
        'ativo',
        'criadoEm',
        'id',
        'ipAllowlist',
        'limitePorMinuto',
        'nome',
        'revogadoEm',
        'ultimoUsoEm',
      ]);
    expect(JSON.stringify(listed)).not.toContain(first.apiSecret);
    expect(JSON.stringify(listed)).not.toContain('secretHash');
  });

  it.each([
    [{}, 'nome', 'nome is required'],
    [{ nome: '   ' }, 'nome', 'nome must not be empty'],
    [{ nome: 'x'.repeat(101) }, 'nome', 'nome must have at most 100 characters'],
    [{ nome: 'n', limitePorMinuto: 0 }, 'limitePorMinuto', 'limitePorMinuto must be at least 1'],
    [{ nome: 'n', limitePorMinuto: 100_001 }, 'limitePorMinuto', 'limitePorMinuto must be at most 100000'],
    [{ nome: 'n', limitePorMinuto: 1.5 }, 'limitePorMinuto', 'limitePorMinuto must be an integer'],
    [{ nome: 'n', limitePorMinuto: '10' }, 'limitePorMinuto', 'limitePorMinuto must be a number'],
    [{ nome: 'n', ipAllowlist: '10.0.0.0/8' }, 'ipAllowlist', 'ipAllowlist must be'],
    [
      { nome: 'n', ipAllowlist: ['10.0.0.0/8', '10.0.0.0/33'] },
      'ipAllowlist.1',
      'ipAllowlist.1 "10.0.0.0/33" is not an IPv4/IPv6 address or CIDR range',
    ],
    [{ nome: 'n', ipAllowlist: ['intranet'] }, 'ipAllowlist.0', 'ipAllowlist.0 "intranet" is not an IPv4/IPv6 address or CIDR range'],
    [
      { nome: 'n', ipAllowlist: Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`) },
      'ipAllowlist',
      'ipAllowlist must have at most 50 entries',
    ],
    [{ nome: 'n', ativo: 'sim' }, 'ativo', 'ativo must be a boolean'],
  ])('refuses %j with 400 naming %s, storing nothing', async (body, field, message) => {
    const before = (await list()).length;

    const response = await portal(demoProvider(), 'POST', '/api/prestador/credenciais', { body });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ error: 'validation_error', field });
    expect(response.json.message).toContain(message);
    expect((await list()).length).toBe(before);
  });

  it('updates only the fields sent (PUT): name, limit, allowlist, active flag', async () => {
    // Prepare
    const created = await create({ nome: 'antes', limitePorMinuto: 10, ipAllowlist: ['127.0.0.1'] });

    // Act
    const renamed = await update(created.id, { nome: 'depois' });
    const changed = await update(created.id, { limitePorMinuto: null, ipAllowlist: ['10.0.0.0/8'], ativo: false });

    // Assess
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ ...created, apiSecret: undefined, nome: 'depois' });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({
      ...created,
      apiSecret: undefined,
      nome: 'depois',
      limitePorMinuto: null,
      ipAllowlist: ['10.0.0.0/8'],
      ativo: false,
    });
    expect((await list()).find((c) => c.id === created.id)).toEqual(changed.json);
    expect((await storedItem(created.apiKey))?.secretHash).toBe(hashSecret(created.apiSecret));
  });

  it('refuses an invalid PUT with 400 naming the field, changing nothing', async () => {
    const created = await create({ nome: 'valida', ipAllowlist: ['127.0.0.1'] });

    const response = await update(created.id, { ipAllowlist: ['127.0.0.1', '300.1.1.1'] });

    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ field: 'ipAllowlist.1' });
    expect(response.json.message).toContain('300.1.1.1');
    expect((await list()).find((c) => c.id === created.id)?.ipAllowlist).toEqual(['127.0.0.1']);
  });

  it('deactivating by PUT refuses the credential at the gateway at once, reactivating lets it through again', async () => {
    const created = await create({ nome: 'liga-desliga' });
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);

    expect((await update(created.id, { ativo: false })).status).toBe(200);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(401);

    expect((await update(created.id, { ativo: true })).status).toBe(200);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);
  });

  it('revokes by DELETE (soft delete): 204, refused at once, listed as revoked, and final', async () => {
    // Prepare
    const created = await create({ nome: 'revogar' });
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);

    // Act
    const response = await revoke(created.id);

    // Assess
    expect(response.status).toBe(204);
    expect(response.json).toBeUndefined();
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(401);
    const listed = (await list()).find((c) => c.id === created.id);
    expect(listed).toMatchObject({ ativo: false, revogadoEm: expect.stringMatching(/^\d{4}-/) });
    // Final: it cannot be reactivated, edited or given a new secret; revoking again changes nothing.
    const reactivate = await update(created.id, { ativo: true });
    expect(reactivate.status).toBe(409);
    expect(reactivate.json).toMatchObject({ error: 'conflict' });
    expect((await update(created.id, { nome: 'outro nome' })).status).toBe(409);
    expect((await regenerate(created.id)).status).toBe(409);
    expect((await revoke(created.id)).status).toBe(204);
    expect((await list()).find((c) => c.id === created.id)).toEqual(listed);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(401);
  });

  it('regenerates the secret: same key, new secret shown once, the old one refused at once', async () => {
    // Prepare
    const created = await create({ nome: 'regenerar' });

    // Act
    const response = await regenerate(created.id);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers['Cache-Control']).toBe('no-store');
    const renewed = response.json as CredentialBody & { apiSecret: string };
    expect(renewed).toEqual({ ...created, apiSecret: expect.any(String) });
    expect(renewed.apiSecret).not.toBe(created.apiSecret);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(401);
    expect((await withCredential(renewed.apiKey, renewed.apiSecret)).status).toBe(LET_IN);
    expect((await storedItem(created.apiKey))?.secretHash).toBe(hashSecret(renewed.apiSecret));
  });

  it('answers 404 for a credential of another provider or another application, and leaves it working', async () => {
    // Prepare: a second provider in the same application, and the other application's provider.
    const other = await registerPrestador(dynamoApplicationRepository(), demo.id, { nome: 'Outro Laboratório' }, new Date());
    const otherProvider: Who = { aplicacaoId: demo.id, prestadorId: other.id };
    const otherApplication: Who = { aplicacaoId: outra.id, prestadorId: outra.prestador.id };
    // The provider's id under another application: the gsi1 key names both, so still a miss.
    const sameIdOtherApplication: Who = { aplicacaoId: outra.id, prestadorId: demo.prestador.id };
    const mine = await create({ nome: 'minha' });

    for (const who of [otherProvider, otherApplication, sameIdOtherApplication]) {
      // Act
      const answers = [await update(mine.id, { ativo: false }, who), await regenerate(mine.id, who), await revoke(mine.id, who)];

      // Assess
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.json).toMatchObject({ error: 'not_found' });
      }
      expect((await list(who)).map((c) => c.id)).not.toContain(mine.id);
    }
    expect((await list()).find((c) => c.id === mine.id)).toMatchObject({ ativo: true, revogadoEm: null });
    expect((await withCredential(mine.apiKey, mine.apiSecret)).status).toBe(LET_IN);
  });

  it("keeps each provider's credentials apart: the other provider sees and manages only its own", async () => {
    const other = await registerPrestador(dynamoApplicationRepository(), demo.id, { nome: 'Terceiro' }, new Date());
    const otherProvider: Who = { aplicacaoId: demo.id, prestadorId: other.id };

    const theirs = await create({ nome: 'deles' }, otherProvider);

    expect((await list(otherProvider)).map((c) => c.id)).toEqual([theirs.id]);
    expect((await list()).map((c) => c.id)).not.toContain(theirs.id);
    expect((await update(theirs.id, { nome: 'x' })).status).toBe(404);
    expect((await update(theirs.id, { nome: 'renomeada' }, otherProvider)).status).toBe(200);
  });

  it('answers 404 for an id that names no credential', async () => {
    for (const id of ['999999999', 'abc', '0', '-1', '1.5', '99999999999999999999']) {
      expect((await update(id as unknown as number, { nome: 'x' })).status, id).toBe(404);
      expect((await revoke(id as unknown as number)).status, id).toBe(404);
    }
  });

  it('refuses a portal token that acts for no provider (403)', async () => {
    const response = await portal({ aplicacaoId: demo.id }, 'GET', '/api/prestador/credenciais');

    expect(response.status).toBe(403);
  });
});

describe('IP allowlist at the gateway (its source address is 127.0.0.1)', () => {
  it('refuses a credential allowing only 10.0.0.0/8 and accepts one that lists the caller', async () => {
    // Prepare
    const created = await create({ nome: 'rede interna', ipAllowlist: ['10.0.0.0/8'] });

    // Act / Assess
    const refused = await withCredential(created.apiKey, created.apiSecret);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);

    expect((await update(created.id, { ipAllowlist: ['::1', '127.0.0.1/32'] })).status).toBe(200);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);

    expect((await update(created.id, { ipAllowlist: ['127.0.0.1'] })).status).toBe(200);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);

    expect((await update(created.id, { ipAllowlist: ['::1'] })).status).toBe(200);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(401);

    expect((await update(created.id, { ipAllowlist: [] })).status).toBe(200);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);
  });
});

describe('per-minute limit at the gateway', () => {
  /** Waits for the start of a minute when too little of the current one is left for a burst. */
  const awayFromMinuteEnd = async (neededMs: number) => {
    const left = 60_000 - (Date.now() % 60_000);
    if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
  };

  it('lets exactly the limit through among 20 concurrent requests; the rest get 429 with Retry-After', async () => {
    // Prepare
    const created = await create({ nome: 'limitada', limitePorMinuto: 5 });
    await awayFromMinuteEnd(8_000);
    const minute = Math.floor(Date.now() / 60_000);

    // Act
    const responses = await Promise.all(Array.from({ length: 20 }, () => withCredential(created.apiKey, created.apiSecret)));
    const answers = await Promise.all(
      responses.map(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.json() })),
    );

    // Assess
    expect(Math.floor(Date.now() / 60_000), 'the burst stayed within one minute').toBe(minute);
    expect(answers.filter((a) => a.status === LET_IN)).toHaveLength(5);
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(15);
    for (const answer of limited) {
      expect(answer.body).toMatchObject({ error: 'too_many_requests' });
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
      expect(answer.retryAfter).toMatch(/^\d+$/);
    }
    const counter = await db().send(
      new GetCommand({ TableName: tableName(), Key: { pk: `PCRED#${created.apiKey}`, sk: `RATE#${minute}` } }),
    );
    expect(counter.Item).toMatchObject({ n: 5, tipo: 'RATE', expiresAt: (minute + 1) * 60 + 120 });
  });

  it('does not count refused requests: a wrong secret never uses up the limit', async () => {
    const created = await create({ nome: 'limite 2', limitePorMinuto: 2 });
    await awayFromMinuteEnd(5_000);

    for (let i = 0; i < 5; i++) expect((await withCredential(created.apiKey, 'wrong-secret')).status).toBe(401);

    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(429);
  });

  it('a limit set by PUT applies from the next request', async () => {
    const created = await create({ nome: 'sem limite' });
    await awayFromMinuteEnd(5_000);
    for (let i = 0; i < 3; i++) expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);

    expect((await update(created.id, { limitePorMinuto: 1 })).status).toBe(200);

    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(LET_IN);
    expect((await withCredential(created.apiKey, created.apiSecret)).status).toBe(429);
  });
});

describe('provider portal through the gateway with the sandbox portal token', () => {
  const bearer = (app: SandboxApp) => ({ Authorization: `Bearer ${app.tokens.prestador}`, 'Content-Type': 'application/json' });
  const portalHttp = (app: SandboxApp, method: string, url: string, body?: unknown) =>
    fetch(`${service.baseUrl}${url}`, { method, headers: bearer(app), body: body === undefined ? undefined : JSON.stringify(body) });

  it('creates, uses, regenerates and revokes a credential over HTTP', async () => {
    // Create
    const created = await portalHttp(demo, 'POST', '/api/prestador/credenciais', { nome: 'via portal' });
    expect(created.status).toBe(201);
    const credential = (await created.json()) as CredentialBody & { apiSecret: string };
    expect(credential.apiKey).toMatch(/^nbwp_/);
    const before = Date.now();
    expect((await withCredential(credential.apiKey, credential.apiSecret)).status).toBe(LET_IN);

    // List: the use just made is its last use (recorded by the authorizer, to the minute)
    const listed = await portalHttp(demo, 'GET', '/api/prestador/credenciais');
    expect(listed.status).toBe(200);
    const shown = ((await listed.json()) as (CredentialBody & { ultimoUsoEm: string | null })[]).find((c) => c.id === credential.id);
    expect(shown?.ultimoUsoEm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(Date.parse(`${shown!.ultimoUsoEm}-03:00`)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    const usedAt = (await storedItem(credential.apiKey))?.ultimoUsoEm;
    // A second use within the minute writes nothing.
    expect((await withCredential(credential.apiKey, credential.apiSecret)).status).toBe(LET_IN);
    expect((await storedItem(credential.apiKey))?.ultimoUsoEm).toBe(usedAt);

    // Regenerate
    const regenerated = await portalHttp(demo, 'POST', `/api/prestador/credenciais/${credential.id}/regenerar`);
    expect(regenerated.status).toBe(200);
    const renewed = (await regenerated.json()) as CredentialBody & { apiSecret: string };
    expect((await withCredential(credential.apiKey, credential.apiSecret)).status).toBe(401);
    expect((await withCredential(renewed.apiKey, renewed.apiSecret)).status).toBe(LET_IN);

    // Update
    const updated = await portalHttp(demo, 'PUT', `/api/prestador/credenciais/${credential.id}`, { ativo: false });
    expect(updated.status).toBe(200);
    expect((await withCredential(renewed.apiKey, renewed.apiSecret)).status).toBe(401);
    expect((await portalHttp(demo, 'PUT', `/api/prestador/credenciais/${credential.id}`, { ativo: true })).status).toBe(200);

    // Revoke
    const revoked = await portalHttp(demo, 'DELETE', `/api/prestador/credenciais/${credential.id}`);
    expect(revoked.status).toBe(204);
    expect((await withCredential(renewed.apiKey, renewed.apiSecret)).status).toBe(401);
  });

  it("answers 404 to another application's provider", async () => {
    const created = await portalHttp(demo, 'POST', '/api/prestador/credenciais', { nome: 'só da demo' });
    const { id } = (await created.json()) as CredentialBody;

    for (const [method, url, body] of [
      ['PUT', `/api/prestador/credenciais/${id}`, { ativo: false }],
      ['POST', `/api/prestador/credenciais/${id}/regenerar`, undefined],
      ['DELETE', `/api/prestador/credenciais/${id}`, undefined],
    ] as const) {
      const response = await portalHttp(outra, method, url, body);
      expect(response.status, `${method} ${url}`).toBe(404);
    }
    const theirs = (await (await portalHttp(outra, 'GET', '/api/prestador/credenciais')).json()) as CredentialBody[];
    expect(theirs.map((c) => c.id)).not.toContain(id);
  });

  it("refuses another portal's token (403) and no token (401)", async () => {
    const asAdmin = await fetch(`${service.baseUrl}/api/prestador/credenciais`, {
      headers: { Authorization: `Bearer ${demo.tokens.admin}` },
    });
    const anonymous = await fetch(`${service.baseUrl}/api/prestador/credenciais`);

    expect(asAdmin.status).toBe(403);
    expect(anonymous.status).toBe(401);
  });
});

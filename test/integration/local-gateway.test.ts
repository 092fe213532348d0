// The local run end to end: startLocalService (DynamoDB Local in memory, the local gateway,
// the real authorizers and handlers, the seeded sandbox) called over real HTTP.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import type { Sandbox } from '#infra/local/seed';
import { adapter } from '#shared/adapters/index';
import { hashSecret } from '#shared/auth/secrets';
import { publicJwks } from '#shared/auth/signing-keys';
import { config } from '#shared/config';
import { db } from '#shared/db/client';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { routes, scopes, type Route } from '#shared/http/routes';

const sampleParams: Record<string, string> = { id: '1', slug: 'demo', fluxo: 'teste', tipo: 'push' };
const samplePath = (route: Route) => route.path.replace(/\{(\w+)\}/g, (_, name: string) => sampleParams[name] ?? `sample-${name}`);

// How long the start takes is printed by `npm start` ("Local service ready in ..."), never asserted here:
// a shared machine's load would make such a test fail for nothing.
const service = useLocalService();

const call = (route: Route) =>
  fetch(`${service.baseUrl}${samplePath(route)}`, {
    method: route.method,
    headers:
      route.body === 'none' ? {} : { 'Content-Type': route.body === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: route.body === 'none' ? undefined : route.body === 'form' ? 'grant_type=client_credentials' : '{}',
  });

describe('every route of the route table through the local gateway', () => {
  it('serves on a loopback URL', () => {
    expect(service.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  const withAuthorizer = routes.filter((r) => r.auth !== 'none');
  it.each(withAuthorizer.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers 401 with the gateway body (its authorizer denies everyone for now)',
    async (_, route) => {
      const response = await call(route);

      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);
    },
  );

  it('lets the sandbox credentials of every scheme through their authorizer (to a built route, or a 501 one)', async () => {
    const app = service.sandbox.applications.demo;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: app.oauth.clientId,
      client_secret: app.oauth.clientSecret,
    });
    const token = (await (await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    };
    const bearer = (t: string) => ({ Authorization: `Bearer ${t}` });
    const calls: [string, string, Record<string, string>, number][] = [
      ['GET', '/api/external/financeiro/saldo', { 'X-Api-Key': app.apiKey, 'X-Api-Secret': app.apiSecret }, 200],
      ['GET', '/api/external/v2/agendamentos', bearer(token.access_token), 200],
      ['POST', '/api/external/prestador/v1/execucao', { 'X-Api-Key': app.prestador.apiKey, 'X-Api-Secret': app.prestador.apiSecret }, 400],
      ['GET', `/api/admin/whatsapp/setores/${app.id}`, bearer(app.tokens.admin), 200],
      ['GET', `/api/prestador/webhooks/${service.sandbox.webhooks!.webhookId}`, bearer(app.tokens.prestador), 200],
      ['GET', '/api/plantonista/perfil', bearer(app.tokens.plantonista), 200],
      ['GET', '/api/v4/saude/perfil', bearer(app.tokens.paciente), 200],
    ];

    for (const [method, path, headers, status] of calls) {
      const response = await fetch(`${service.baseUrl}${path}`, {
        method,
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
      });
      expect(response.status, `${method} ${path}`).toBe(status);
    }
  });

  it('gives the limited OAuth2 client 403 insufficient_scope on a write', async () => {
    const limited = service.sandbox.applications.demo.oauthLimited;
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: limited.clientId,
      client_secret: limited.clientSecret,
    });
    const token = (await (await fetch(`${service.baseUrl}/oauth2/token`, { method: 'POST', body: form })).json()) as {
      access_token: string;
    };

    const response = await fetch(`${service.baseUrl}/api/external/v2/agendamentos`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' },
      body: '{}',
    });

    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: 'insufficient_scope' });
    expect(response.headers.get('www-authenticate')).toContain('scope="agendamentos:write"');
  });

  it('answers an unknown path and an unknown method with the gateway 404 body', async () => {
    for (const [method, url] of [
      ['GET', '/api/nao-existe'],
      ['DELETE', '/api/status'],
      ['GET', '/api/external/messages/1/extra'],
    ] as const) {
      const response = await fetch(`${service.baseUrl}${url}`, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual(gatewayResponses.MISSING_AUTHENTICATION_TOKEN.body);
    }
  });
});

describe('public routes through the local gateway', () => {
  it('GET /api/status answers 200 with the formatted version', async () => {
    const response = await fetch(`${service.baseUrl}/api/status`);
    const body = (await response.json()) as { aplicacao: { formatted: string } };

    expect(response.status).toBe(200);
    expect(body.aplicacao.formatted).toContain('0.1.0');
  });

  it('GET /api/planos/ativos answers 200 with the seeded plans', async () => {
    const response = await fetch(`${service.baseUrl}/api/planos/ativos`);
    const body = await response.json();

    expect(response.status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect((body as unknown[]).length).toBeGreaterThan(0);
  });

  it('GET /api/external/crl answers 200 with the DER CRL seeded in the local bucket', async () => {
    const response = await fetch(`${service.baseUrl}/api/external/crl`);
    const bytes = new Uint8Array(await response.arrayBuffer());

    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pkix-crl');
    expect(bytes[0]).toBe(0x30); // a DER SEQUENCE
    expect(Buffer.from(bytes)).toEqual(await readFile(path.join(service.dataDir, 'bucket', config().crlKey)));
  });

  it('POST /api/contato mails the administrator through the local outbox', async () => {
    const response = await fetch(`${service.baseUrl}/api/contato`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ nome: 'Maria', email: 'maria@clinica.example', empresa: 'Clínica' }),
    });

    expect(response.status).toBe(201);
    const files = await readdir(path.join(service.dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const mail = JSON.parse(await readFile(path.join(service.dataDir, 'outbox', files[0]!), 'utf8'));
    expect(mail.to).toBe(config().adminEmail);
    expect(mail.replyTo ?? mail.text).toContain('maria@clinica.example');
  });
});

describe('the sandbox file', () => {
  const appKeys = ['demo', 'outra', 'semSaldo'] as const;
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = JSON.parse(await readFile(path.join(service.dataDir, 'sandbox.json'), 'utf8')) as Sandbox;
  });

  it('has exactly the documented shape', () => {
    expect(Object.keys(sandbox).sort()).toEqual([
      'agent',
      'applications',
      'baseUrl',
      'console',
      'pagamentos',
      'simulators',
      'tsa',
      'webhooks',
    ]);
    // The loopback TSA and the CA that openssl ts -verify needs (docs/stamps.md); the Stripe endpoint's secret (docs/invoices.md).
    expect(sandbox.tsa).toEqual({ url: service.tsa.url, caPem: expect.stringMatching(/^-----BEGIN CERTIFICATE-----/) });
    expect(sandbox.pagamentos).toEqual({
      stripe: { webhookUrl: `${service.baseUrl}/api/webhooks/pagamentos/stripe`, webhookSecret: expect.stringMatching(/^whsec_/) },
    });
    expect(sandbox.console).toEqual({
      url: `${service.baseUrl}/console/`,
      logins: {
        demo: { email: 'console@demo.sandbox.local', senha: expect.stringMatching(/^.{12,}$/) },
        outra: { email: 'console@outra.sandbox.local', senha: expect.stringMatching(/^.{12,}$/) },
        prestador: { email: 'prestador@demo.sandbox.local', senha: expect.stringMatching(/^.{12,}$/) },
        plantonista: { email: 'plantonista@demo.sandbox.local', senha: expect.stringMatching(/^.{12,}$/) },
      },
    });
    expect(sandbox.simulators).toEqual({
      providerA: service.simulators.providerA.url,
      providerB: service.simulators.providerB.url,
      bedrock: service.bedrock.url,
    });
    expect(sandbox.webhooks).toEqual({
      receiverUrl: service.webhookReceiver.url,
      receiverDir: path.join(service.dataDir, 'webhooks'),
      aplicacaoId: sandbox.applications.demo.id,
      prestadorId: sandbox.applications.demo.prestador.id,
      webhookId: expect.any(Number),
      secret: expect.stringMatching(/^whsec_/),
    });
    expect(sandbox.baseUrl).toBe(service.baseUrl);
    expect(Object.keys(sandbox.applications).sort()).toEqual([...appKeys].sort());
    expect(sandbox).toEqual(service.sandbox);

    const string = expect.any(String);
    for (const key of appKeys) {
      const app = sandbox.applications[key];
      expect(Object.keys(app).sort()).toEqual(
        [
          'apiKey',
          'apiSecret',
          'id',
          'inboundSecret',
          'numerosWhatsapp',
          'oauth',
          'oauthLimited',
          'prestador',
          'provider',
          'providerA',
          'providerB',
          'saldo',
          'slug',
          'tokens',
        ].sort(),
      );
      expect(app).toEqual({
        id: expect.any(Number),
        slug: string,
        provider: string,
        saldo: string,
        apiKey: string,
        apiSecret: string,
        oauth: { clientId: string, clientSecret: string, scopes: [...scopes] },
        oauthLimited: { clientId: string, clientSecret: string, scopes: ['agendamentos:read'] },
        prestador: { id: expect.any(Number), apiKey: expect.stringMatching(/^nbwp_/), apiSecret: string },
        tokens: { admin: string, prestador: string, plantonista: string, paciente: string },
        providerA: { authToken: string },
        providerB: { verifyToken: string, appSecret: string },
        inboundSecret: string,
        numerosWhatsapp: [expect.stringMatching(/^\+\d{8,15}$/)],
      });
      expect(Number.isSafeInteger(app.id) && app.id > 0).toBe(true);
      for (const secret of [app.apiSecret, app.oauth.clientSecret, app.prestador.apiSecret, app.inboundSecret]) {
        expect(secret.length).toBeGreaterThanOrEqual(32);
      }
    }
  });

  it('holds the console logins: demo a platform admin, outra a tenant admin of outra, demo`s prestador and plantonista', async () => {
    const logins = sandbox.console!.logins;
    const claims = async (login: { email: string; senha: string }) => {
      const answer = await fetch(`${service.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(login),
      });
      expect(answer.status).toBe(200);
      return decodeJwt(((await answer.json()) as { access_token: string }).access_token);
    };
    expect(await claims(logins.demo)).toMatchObject({ role: 'admin', aplicacao_id: sandbox.applications.demo.id, plataforma: true });
    const outra = await claims(logins.outra);
    expect(outra).toMatchObject({ role: 'admin', aplicacao_id: sandbox.applications.outra.id });
    expect(outra.plataforma).not.toBe(true);
    const demo = sandbox.applications.demo;
    expect(await claims(logins.prestador)).toMatchObject({ role: 'prestador', aplicacao_id: demo.id, prestador_id: demo.prestador.id });
    expect(await claims(logins.plantonista)).toMatchObject({ role: 'plantonista', aplicacao_id: demo.id });
  });

  it('holds the three applications with their providers and balances', () => {
    const { demo, outra, semSaldo } = sandbox.applications;

    expect([demo.slug, demo.provider, demo.saldo]).toEqual(['demo', 'link', '100.00']);
    expect([outra.slug, outra.provider, outra.saldo]).toEqual(['outra', 'provider_a', '100.00']);
    expect([semSaldo.slug, semSaldo.provider, semSaldo.saldo]).toEqual(['sem-saldo', 'provider_b', '0.00']);
    expect(new Set([demo.id, outra.id, semSaldo.id]).size).toBe(3);
    expect(new Set([demo.apiKey, outra.apiKey, semSaldo.apiKey]).size).toBe(3);
  });

  it('carries portal tokens, valid for at least 12 hours and verifiable with the public keys', async () => {
    const jwks = createLocalJWKSet(await publicJwks());
    const inTwelveHours = Math.floor(Date.now() / 1000) + 12 * 3600;
    for (const key of appKeys) {
      const app = sandbox.applications[key];
      for (const role of ['admin', 'prestador', 'plantonista', 'paciente'] as const) {
        const token = app.tokens[role];
        expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
        const claims = decodeJwt(token);
        expect(claims).toMatchObject({ role, aplicacao_id: app.id, iss: config().issuer, aud: config().portalAudience });
        expect(claims.exp).toBeGreaterThanOrEqual(inTwelveHours);
        if (role === 'prestador') expect(claims.prestador_id).toBe(app.prestador.id);
        await expect(
          jwtVerify(token, jwks, { issuer: config().issuer, audience: config().portalAudience, algorithms: ['RS256'] }),
        ).resolves.toBeTruthy();
      }
    }
  });

  it('matches what the table stores, where verify-only secrets are hashes and never plaintext', async () => {
    const items = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await db().send(new ScanCommand({ TableName: service.tableName, ExclusiveStartKey: start }));
      items.push(...(page.Items ?? []));
      start = page.LastEvaluatedKey;
    } while (start);
    const byKey = new Map(items.map((item) => [`${item.pk}|${item.sk}`, item]));
    const everything = JSON.stringify(items);

    for (const key of appKeys) {
      const app = sandbox.applications[key];
      expect(byKey.get(`APIKEY#${app.apiKey}|APIKEY`)).toMatchObject({ aplicacaoId: app.id, secretHash: hashSecret(app.apiSecret) });
      expect(byKey.get(`OAUTHCLIENT#${app.oauth.clientId}|OAUTHCLIENT`)).toMatchObject({
        aplicacaoId: app.id,
        secretHash: hashSecret(app.oauth.clientSecret),
        scopes: [...scopes],
      });
      expect(byKey.get(`OAUTHCLIENT#${app.oauthLimited.clientId}|OAUTHCLIENT`)).toMatchObject({
        secretHash: hashSecret(app.oauthLimited.clientSecret),
        scopes: ['agendamentos:read'],
      });
      expect(byKey.get(`PCRED#${app.prestador.apiKey}|PCRED`)).toMatchObject({
        aplicacaoId: app.id,
        prestadorId: app.prestador.id,
        secretHash: hashSecret(app.prestador.apiSecret),
        ativo: true,
        revogadoEm: null,
      });
      expect(byKey.get(`SLUG#${app.slug}|SLUG`)).toMatchObject({ aplicacaoId: app.id });
      expect(byKey.get(`APP#${app.id}|APP`)).toMatchObject({ slug: app.slug, provider: app.provider, ativo: true });

      for (const secret of [app.apiSecret, app.oauth.clientSecret, app.oauthLimited.clientSecret, app.prestador.apiSecret]) {
        expect(everything).not.toContain(secret);
      }
    }
  });

  it('keeps the saldo as an exact DynamoDB number', async () => {
    const { ScanCommand: RawScan, DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const raw = new DynamoDBClient({
      endpoint: service.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    try {
      const out = await raw.send(
        new RawScan({ TableName: service.tableName, FilterExpression: 'sk = :s', ExpressionAttributeValues: { ':s': { S: 'SALDO' } } }),
      );
      const saldos = (out.Items ?? []).map((item) => [item.pk?.S, item.saldo, item.moeda?.S]);
      expect(saldos).toHaveLength(3);
      for (const [, saldo, moeda] of saldos) {
        expect(saldo).toHaveProperty('N');
        expect(moeda).toBe('BRL');
      }
    } finally {
      raw.destroy();
    }
  });
});

describe('queues of the local run', () => {
  it('feeds the real consumer and dead-letters a message it cannot process after three receives', async () => {
    // Prepare: a well-formed reference to a generic inbound event that was never kept: its consumer fails every time.
    const message = { kind: 'evento', aplicacaoId: 1, eventoId: 'never-kept', recebidoEm: new Date().toISOString(), fluxo: 'dlq-check' };

    // Act
    await (await adapter('queue')).send('inbound', message, { dedupeId: 'inbound-local-dlq' });
    await service.queues.drained(15_000);

    // Assess
    const lines = (await readFile(path.join(service.dataDir, 'dlq', 'inbound.jsonl'), 'utf8')).trim().split('\n');
    const dead = lines.map((line) => JSON.parse(line)).find((d) => JSON.parse(d.body).fluxo === 'dlq-check');
    expect(dead).toMatchObject({ queue: 'inbound', receiveCount: 3 });
  });
});

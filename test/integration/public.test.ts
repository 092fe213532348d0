// The public function against DynamoDB Local, invoked with API Gateway REST events.
import { GetCommand, PutCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext, restEvent, type RestEventInput } from '#events/samples/api-gateway';
import { handler } from '#functions/public/handler';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import type { BlobPort, Mail } from '#shared/adapters/ports';
import { groupFunctions } from '#infra/functions';
import { runAs } from '#infra/local/handlers';
import { guardAdapters, IamGuard } from '#infra/local/iam-guard';
import { createAgentCa, issueCrl } from '#shared/ca/agent-ca';
import { resetConfig } from '#shared/config';
import { db, tableName } from '#shared/db/client';
import { seedPlans } from '#infra/local/seed';
import { defaultPlans } from '#shared/domain/plans';
import { useFreshTable } from '../support/table.ts';

const call = async (input: RestEventInput) => {
  const result = await runAs(handler, restEvent(input), lambdaContext('public'), groupFunctions.public.id);
  const json = String(result.headers?.['Content-Type'] ?? '').startsWith('application/json') ? JSON.parse(result.body) : undefined;
  return { ...result, json };
};

const items = async (prefix: string) => {
  const out = await db().send(new ScanCommand({ TableName: tableName() }));
  return (out.Items ?? []).filter((item) => String(item.pk).startsWith(prefix));
};

const guard = new IamGuard();
let outbox: Mail[];
let bucket: Map<string, Uint8Array>;

beforeAll(async () => {
  await useFreshTable();
  process.env.ADMIN_EMAIL = 'comercial@platform.example.com';
  process.env.MAIL_FROM = 'no-reply@platform.example.com';
  process.env.CRL_KEY = 'crl/agent-ca.crl';
  process.env.APP_VERSION = '0.1.0';
  process.env.APP_COMMIT = 'abc1234';
  process.env.APP_BUILD_TIME = '2026-11-22T01:00:00Z';
  process.env.STATUS_TOKEN = 'integration-status-token';
  resetConfig();
});

beforeEach(() => {
  outbox = [];
  bucket = new Map();
  const blobs: BlobPort = {
    get: async (key) => bucket.get(key),
    put: async (key, bytes) => void bucket.set(key, bytes),
  };
  useAdapters(guardAdapters({ mail: { send: async (mail) => void outbox.push(mail) }, blobs }, guard));
});
afterEach(() => resetAdapters());

describe('GET /api/status', () => {
  it('shows the build to everyone and the runtime only to the holder of the status token', async () => {
    const anonymous = await call({ method: 'GET', resource: '/api/status' });
    const wrong = await call({ method: 'GET', resource: '/api/status', headers: { 'X-Status-Token': 'guess' } });
    const holder = await call({ method: 'GET', resource: '/api/status', headers: { 'X-Status-Token': 'integration-status-token' } });

    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json).toEqual({
      status: 'UP',
      aplicacao: expect.objectContaining({ formatted: 'whatsapp-platform v0.1.0 (abc1234, built 2026-11-22T01:00:00Z)' }),
    });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json.runtime).toBeUndefined();
    expect(holder.json.runtime).toMatchObject({ node: process.version, uptimeSeconds: expect.any(Number), coldStart: expect.any(Boolean) });
  });
});

describe('GET /api/planos/ativos', () => {
  it('lists the seeded plans, seeding twice adds nothing, and inactive plans stay hidden', async () => {
    // Prepare: seed twice, plus an inactive plan written by hand.
    await seedPlans();
    await seedPlans();
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: 'PLANO',
          sk: 'PLANO#99',
          id: 99,
          nome: 'Antigo',
          descricao: '',
          precoMensal: 10,
          moeda: 'BRL',
          mensagensIncluidas: 1,
          recursos: [],
          ativo: false,
        },
      }),
    );

    // Act
    const response = await call({ method: 'GET', resource: '/api/planos/ativos' });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.json).toEqual(defaultPlans.map((plan) => ({ ...plan })));
    expect(response.json.map((p: { precoMensal: string }) => p.precoMensal)).toEqual(['199.00', '499.00', '1499.00']);
    const stored = await db().send(
      new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'PLANO' } }),
    );
    expect(stored.Items).toHaveLength(4);
  });

  it('keeps an edited plan when seeding again', async () => {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          pk: 'PLANO',
          sk: 'PLANO#1',
          id: 1,
          nome: 'Essencial Plus',
          descricao: 'x',
          precoMensal: 249.9,
          moeda: 'BRL',
          mensagensIncluidas: 1200,
          recursos: [],
          ativo: true,
        },
      }),
    );

    await seedPlans();
    const response = await call({ method: 'GET', resource: '/api/planos/ativos' });

    expect(response.json[0]).toMatchObject({ id: 1, nome: 'Essencial Plus', precoMensal: '249.90' });
    expect(response.json).toHaveLength(3);
  });
});

describe('POST /api/contato', () => {
  it('stores the request and mails the administrator, answering 201', async () => {
    const response = await call({
      method: 'POST',
      resource: '/api/contato',
      body: { nome: ' Maria ', email: 'maria@clinica.example.com', empresa: 'Clínica', mensagem: 'Quero ver a plataforma.' },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json).toEqual({
      id: expect.any(Number),
      status: 'RECEBIDO',
      mensagem: 'Solicitação recebida',
      criadoEm: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/),
    });
    const stored = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: `CONTATO#${response.json.id}`, sk: 'CONTATO' } }));
    expect(stored.Item).toMatchObject({
      id: response.json.id,
      nome: 'Maria',
      email: 'maria@clinica.example.com',
      empresa: 'Clínica',
      mensagem: 'Quero ver a plataforma.',
      criadoEm: response.json.criadoEm,
    });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: 'comercial@platform.example.com', replyTo: 'maria@clinica.example.com' });
    expect(outbox[0]!.text).toContain('Quero ver a plataforma.');
  });

  it.each([
    ['nome is missing', { email: 'a@example.com' }, 'nome'],
    ['email is malformed', { nome: 'Ana', email: 'not-an-email' }, 'email'],
  ])('answers 400 when %s, storing and mailing nothing', async (_, body, field) => {
    const before = (await items('CONTATO#')).length;

    const response = await call({ method: 'POST', resource: '/api/contato', body });

    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ error: 'validation_error', field });
    expect(response.json.message).toMatch(new RegExp(`^${field} `));
    expect(await items('CONTATO#')).toHaveLength(before);
    expect(outbox).toHaveLength(0);
  });

  it('answers 400 to a body that is not JSON, storing and mailing nothing', async () => {
    const before = (await items('CONTATO#')).length;

    const response = await call({
      method: 'POST',
      resource: '/api/contato',
      body: '{nome: Ana',
      headers: { 'Content-Type': 'application/json' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json).toMatchObject({ error: 'invalid_json' });
    expect(await items('CONTATO#')).toHaveLength(before);
    expect(outbox).toHaveLength(0);
  });
});

describe('GET /api/external/crl', () => {
  it('serves the published CRL byte for byte with its content type and an hour of caching', async () => {
    const ca = await createAgentCa();
    const der = await issueCrl(ca, { crlNumber: 1, revoked: [{ serialHex: '0a0b', revokedAt: new Date() }] });
    bucket.set('crl/agent-ca.crl', der);

    const response = await call({ method: 'GET', resource: '/api/external/crl' });

    expect(response.statusCode).toBe(200);
    expect(response.isBase64Encoded).toBe(true);
    expect(Buffer.from(response.body, 'base64').equals(Buffer.from(der))).toBe(true);
    expect(response.headers).toMatchObject({ 'Content-Type': 'application/pkix-crl', 'Cache-Control': 'public, max-age=3600' });
  });

  it('answers 503 crl_unavailable before a CRL is published', async () => {
    const response = await call({ method: 'GET', resource: '/api/external/crl' });

    expect(response.statusCode).toBe(503);
    expect(response.json).toMatchObject({ error: 'crl_unavailable' });
  });
});

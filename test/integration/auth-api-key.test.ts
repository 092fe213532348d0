// The external API's key + secret through the local gateway (real authorizer, DynamoDB Local):
// the sandbox pair passes and reaches its own application's data, every
// wrong credential gets the one identical 401, and a regenerated pair replaces the old at once.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { useLocalService } from '../support/local-service.ts';
import { db } from '#shared/db/client';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { otherSecret } from '../support/secrets.ts';

const service = useLocalService();

/** The routes of the API key scheme, one per group. */
const apiKeyRoutes = ['/api/external/financeiro/saldo', '/api/external/messages', '/api/v2/config/status'];

const withPair = (url: string, headers: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${service.baseUrl}${url}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
const pair = (apiKey: string, apiSecret: string) => ({ 'X-Api-Key': apiKey, 'X-Api-Secret': apiSecret });

/** Status, body and the headers a client can compare (the per-request ones left out). */
async function answer(response: Response) {
  const headers = Object.fromEntries(
    [...response.headers].filter(([name]) => !['date', 'x-amzn-requestid', 'connection', 'keep-alive'].includes(name)),
  );
  return { status: response.status, headers, body: await response.text() };
}

const admin = (token: string) => ({ Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' });

describe('API key and secret through the local gateway', () => {
  it.each(apiKeyRoutes)('lets the sandbox pair through to %s', async (url) => {
    const { demo } = service.sandbox.applications;

    const response = await withPair(url, pair(demo.apiKey, demo.apiSecret));

    expect(response.status).toBe(200);
  });

  it('lets a POST through as well', async () => {
    const { demo } = service.sandbox.applications;

    const response = await withPair(
      '/api/external/messages/send',
      { ...pair(demo.apiKey, demo.apiSecret), 'Content-Type': 'application/json' },
      {
        method: 'POST',
        body: JSON.stringify({ telefone: '+5511999990000', mensagem: 'Olá' }),
      },
    );

    expect(response.status).toBe(200);
  });

  it('answers every wrong credential with the same 401, status, headers and body', async () => {
    // Prepare
    const { demo, outra } = service.sandbox.applications;
    const attempts: Record<string, Record<string, string>> = {
      'no headers': {},
      'no secret': { 'X-Api-Key': demo.apiKey },
      'no key': { 'X-Api-Secret': demo.apiSecret },
      'empty secret': pair(demo.apiKey, ''),
      'unknown key': pair('ak_nao-existe', demo.apiSecret),
      'wrong secret': pair(demo.apiKey, otherSecret(demo.apiSecret)),
      "another application's secret with this key": pair(demo.apiKey, outra.apiSecret),
      "this secret with another application's key": pair(outra.apiKey, demo.apiSecret),
      'the key as secret': pair(demo.apiKey, demo.apiKey),
      'an oversized key': pair('k'.repeat(4000), demo.apiSecret),
      'a portal token instead': { Authorization: `Bearer ${demo.tokens.admin}` },
    };

    // Act
    const answers = new Map<string, Awaited<ReturnType<typeof answer>>>();
    for (const [name, headers] of Object.entries(attempts))
      answers.set(name, await answer(await withPair('/api/external/financeiro/saldo', headers)));

    // Assess
    const first = answers.get('no headers')!;
    expect(first.status).toBe(401);
    expect(JSON.parse(first.body)).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect(first.headers['www-authenticate']).toBe(gatewayResponses.UNAUTHORIZED.headers['WWW-Authenticate']);
    for (const [name, got] of answers) expect(got, name).toEqual(first);
  });

  it('stores each pair against its own application, and each passes', async () => {
    // Each pair reaches its own application: the integration status names that application's provider.
    const { demo, outra } = service.sandbox.applications;
    for (const app of [demo, outra]) {
      const item = (await db().send(new GetCommand({ TableName: service.tableName, Key: { pk: `APIKEY#${app.apiKey}`, sk: 'APIKEY' } })))
        .Item;
      expect(item?.aplicacaoId).toBe(app.id);
      const status = await withPair('/api/v2/config/status', pair(app.apiKey, app.apiSecret));
      expect(status.status).toBe(200);
      expect(await status.json()).toMatchObject({ provider: app.provider });
    }
  });
});

describe('regenerating the pair in the admin panel', () => {
  it('gives a new pair that works at once and turns the old one into a 401 at once', async () => {
    // Prepare: the application's own (non-platform) admin.
    const { outra } = service.sandbox.applications;
    expect((await withPair('/api/external/financeiro/saldo', pair(outra.apiKey, outra.apiSecret))).status).toBe(200);

    // Act
    const response = await fetch(`${service.baseUrl}/api/admin/aplicacoes/${outra.id}/credenciais`, {
      method: 'POST',
      headers: admin(outra.tokens.admin),
    });
    const fresh = (await response.json()) as { apiKey: string; apiSecret: string };

    // Assess: the very next requests.
    expect(response.status).toBe(201);
    expect(Object.keys(fresh).sort()).toEqual(['apiKey', 'apiSecret']);
    expect(fresh.apiKey).not.toBe(outra.apiKey);
    expect((await withPair('/api/external/financeiro/saldo', pair(outra.apiKey, outra.apiSecret))).status).toBe(401);
    expect((await withPair('/api/external/financeiro/saldo', pair(fresh.apiKey, outra.apiSecret))).status).toBe(401);
    expect((await withPair('/api/external/financeiro/saldo', pair(fresh.apiKey, fresh.apiSecret))).status).toBe(200);
    const old = await db().send(new GetCommand({ TableName: service.tableName, Key: { pk: `APIKEY#${outra.apiKey}`, sk: 'APIKEY' } }));
    expect(old.Item).toBeUndefined();
    const app = await fetch(`${service.baseUrl}/api/admin/aplicacoes/${outra.id}`, { headers: admin(outra.tokens.admin) });
    expect(await app.json()).toMatchObject({ apiKey: fresh.apiKey });
  });

  it('leaves exactly one working pair when two regenerations race', async () => {
    // Prepare
    const { semSaldo } = service.sandbox.applications;
    const regenerate = () =>
      fetch(`${service.baseUrl}/api/admin/aplicacoes/${semSaldo.id}/credenciais`, {
        method: 'POST',
        headers: admin(semSaldo.tokens.admin),
      });

    // Act
    const responses = await Promise.all([regenerate(), regenerate(), regenerate()]);
    const pairs = (await Promise.all(responses.map((r) => r.json()))) as { apiKey: string; apiSecret: string }[];

    // Assess
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
    const statuses = await Promise.all(
      [...pairs, { apiKey: semSaldo.apiKey, apiSecret: semSaldo.apiSecret }].map(
        async (p) => (await withPair('/api/external/financeiro/saldo', pair(p.apiKey, p.apiSecret))).status,
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
  });

  it("refuses to regenerate another application's pair (404) and keeps that pair working", async () => {
    const { demo, outra } = service.sandbox.applications;

    const response = await fetch(`${service.baseUrl}/api/admin/aplicacoes/${demo.id}/credenciais`, {
      method: 'POST',
      headers: admin(outra.tokens.admin),
    });

    expect(response.status).toBe(404);
    expect((await withPair('/api/external/financeiro/saldo', pair(demo.apiKey, demo.apiSecret))).status).toBe(200);
  });
});

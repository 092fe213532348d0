// The agent's execution logs end to end: POST over the mutual-TLS port (certificate, scope, the whole
// batch checked before anything is written, another integration than the certificate's 404, items stored with a
// 90-day TTL) and the admin's paged read (cursor pages without duplicates or gaps, newest first).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { agentCall, integrationIdentity, storedIntegration, type AgentIdentity } from '../support/agent.ts';
import { accessToken, bearer, client, useLocalService, type Json } from '../support/local-service.ts';
import { db } from '#shared/db/client';
import { dynamoExecutionLogRepository } from '#shared/db/execution-logs';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import { localDateTime } from '#shared/domain/time';

const service = useLocalService();
const api = client(service);
const demo = () => service.sandbox.applications.demo;
const outra = () => service.sandbox.applications.outra;

/** An integration put straight into the table (the admin route is tested with the integrations). */
const newIntegration = (aplicacaoId = demo().id): Promise<number> => storedIntegration(aplicacaoId);

let writeToken: string | undefined;
/** By default as the agent of the integration the body names (a certificate of demo bound to it); for no valid id, the sandbox agent. */
const post = async (body: unknown, authorization?: string, identity?: AgentIdentity) => {
  const named = (body as { integracaoId?: unknown } | null)?.integracaoId;
  return agentCall(service, 'POST', '/api/external/integracoes/logs', {
    authorization: authorization ?? (writeToken ??= await accessToken(service, demo().oauth, 'integracoes:write')),
    body,
    identity:
      identity ??
      (typeof named === 'number' && Number.isSafeInteger(named) && named > 0 ? await integrationIdentity(demo().id, named) : undefined),
  });
};

const execucao = (n: number, over: Record<string, unknown> = {}) => ({
  queryId: 100 + n,
  query: `Consulta ${n}`,
  inicio: new Date(Date.UTC(2025, 0, 1, 10, 0, n)).toISOString(),
  fim: new Date(Date.UTC(2025, 0, 1, 10, 0, n, 500)).toISOString(),
  linhasLidas: n,
  status: 'SUCESSO',
  erro: null,
  ...over,
});

/** Every log item of an integration, newest first. */
async function logItems(aplicacaoId: number, integracaoId: number): Promise<Json[]> {
  const { pk, skPrefix } = keys.executionLogs(aplicacaoId, integracaoId);
  const out = await db().send(
    new QueryCommand({
      TableName: service.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []) as Json[];
}

describe('agent execution logs: POST', () => {
  it('answers 401 without the client certificate and 403 without integracoes:write', async () => {
    const id = await newIntegration();
    const body = { integracaoId: id, execucoes: [execucao(1)] };
    const token = await accessToken(service, demo().oauth, 'integracoes:write');
    expect(
      (await agentCall(service, 'POST', '/api/external/integracoes/logs', { identity: null, authorization: token, body })).status,
    ).toBe(401);
    const readOnly = await post(body, await accessToken(service, demo().oauth, 'integracoes:read'));
    expect(readOnly.status).toBe(403);
    expect(readOnly.json).toMatchObject({ error: 'insufficient_scope' });
    expect(await logItems(demo().id, id)).toEqual([]);
  });

  it('stores the batch with a 90-day TTL and answers 201', async () => {
    const id = await newIntegration();
    const execucoes = [
      execucao(1),
      execucao(2, { status: 'ERRO', erro: 'ORA-00942: table or view does not exist', linhasLidas: 0, queryId: null }),
      execucao(3, { status: 'PARCIAL', erro: null, inicio: '2025-01-01T07:00:03-03:00', fim: '2025-01-01T07:00:04-03:00' }),
    ];
    const before = Math.floor(Date.now() / 1000);
    const answer = await post({ integracaoId: id, execucoes });
    const after = Math.ceil(Date.now() / 1000);
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({ integracaoId: id, recebidos: 3 });

    const items = await logItems(demo().id, id);
    expect(items).toHaveLength(3);
    const ninetyDays = 90 * 86_400;
    for (const item of items) {
      expect(item.expiresAt).toBeGreaterThanOrEqual(before + ninetyDays);
      expect(item.expiresAt).toBeLessThanOrEqual(after + ninetyDays);
      expect(item.sk).toMatch(/^LOG#\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z#\d{16}$/);
      expect(item.sk).toBe(`LOG#${item.recebidoEm}#${String(item.id).padStart(16, '0')}`);
    }
    // Newest first: the batch's last execution has the highest id.
    const stored = items.map(({ pk: _pk, sk: _sk, tipo: _t, id: _id, expiresAt: _e, recebidoEm: _r, ...rest }) => rest);
    expect(stored).toEqual(
      [execucoes[0], execucoes[1], { ...execucoes[2], inicio: '2025-01-01T10:00:03.000Z', fim: '2025-01-01T10:00:04.000Z' }]
        .map((e) => ({ ...e, integracaoId: id }))
        .reverse(),
    );
  });

  it('accepts 100 executions and defaults queryId and erro to null', async () => {
    const id = await newIntegration();
    const execucoes = Array.from({ length: 100 }, (_, n) => {
      const { queryId: _q, erro: _e, ...rest } = execucao(n % 60);
      return rest;
    });
    expect((await post({ integracaoId: id, execucoes })).json).toEqual({ integracaoId: id, recebidos: 100 });
    const items = await logItems(demo().id, id);
    expect(items).toHaveLength(100);
    expect(items.every((i) => i.queryId === null && i.erro === null)).toBe(true);
  });

  it('answers 400 naming the field, checking the whole batch before writing anything', async () => {
    const id = await newIntegration();
    const batch = (...execucoes: unknown[]) => ({ integracaoId: id, execucoes: [execucao(1), execucao(2), ...execucoes] });
    const cases: [unknown, string, RegExp?][] = [
      [[execucao(1)], 'body'],
      [{ execucoes: [execucao(1)] }, 'integracaoId', /required/],
      [{ integracaoId: 'x', execucoes: [execucao(1)] }, 'integracaoId'],
      [{ integracaoId: 0, execucoes: [execucao(1)] }, 'integracaoId'],
      [{ integracaoId: id }, 'execucoes', /required/],
      [{ integracaoId: id, execucoes: [] }, 'execucoes', /must not be empty/],
      [{ integracaoId: id, execucoes: Array.from({ length: 101 }, (_, n) => execucao(n % 60)) }, 'execucoes', /at most 100/],
      [batch(execucao(3, { fim: '2025-01-01T09:00:00Z' })), 'execucoes[2].fim', /before inicio/],
      [batch(execucao(3, { status: 'FALHOU' })), 'execucoes[2].status', /SUCESSO, ERRO, PARCIAL/],
      [batch(execucao(3, { status: 'ERRO' })), 'execucoes[2].erro', /required when status is ERRO/],
      [batch(execucao(3, { status: 'ERRO', erro: '  ' })), 'execucoes[2].erro'],
      [batch(execucao(3, { erro: 'e'.repeat(4001) })), 'execucoes[2].erro', /at most 4000/],
      [batch(execucao(3, { linhasLidas: -1 })), 'execucoes[2].linhasLidas'],
      [batch(execucao(3, { linhasLidas: 1.5 })), 'execucoes[2].linhasLidas'],
      [batch(execucao(3, { linhasLidas: undefined })), 'execucoes[2].linhasLidas', /required/],
      [batch(execucao(3, { query: '' })), 'execucoes[2].query'],
      [batch(execucao(3, { query: 'q'.repeat(201) })), 'execucoes[2].query'],
      [batch(execucao(3, { inicio: '2025-13-01T00:00:00Z' })), 'execucoes[2].inicio'],
      [batch(execucao(3, { inicio: '2025-01-01T00:00:00' })), 'execucoes[2].inicio'],
      [batch(execucao(3, { fim: undefined })), 'execucoes[2].fim', /required/],
      [batch(execucao(3, { queryId: 'abc' })), 'execucoes[2].queryId'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await post(body);
      expect(answer.status, field).toBe(400);
      expect(answer.json, field).toMatchObject({ error: 'validation_error', field });
      if (message) expect((answer.json as Json).message, field).toMatch(message);
    }
    expect((await post('{"integracaoId":')).status).toBe(400);
    expect(await logItems(demo().id, id)).toEqual([]);
  });

  it("answers 404 for an unknown integration and for another application's, writing nothing", async () => {
    // Prepare: demo's agent (its certificate bound to one of demo's integrations) and an integration of outra
    const agent = await integrationIdentity(demo().id, await newIntegration());
    const theirs = await newIntegration(outra().id);
    for (const integracaoId of [theirs, 9_007_199_254_740_991]) {
      const answer = await post({ integracaoId, execucoes: [execucao(1)] }, undefined, agent);
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ error: 'not_found', message: 'integration not found' });
    }
    // A certificate of demo naming outra's integration id writes nothing of outra's either: the key is demo's.
    expect((await post({ integracaoId: theirs, execucoes: [execucao(1)] })).status).toBe(404);
    expect(await logItems(outra().id, theirs)).toEqual([]);
    expect(await logItems(demo().id, theirs)).toEqual([]);
  });

  it('answers 404 to the agent of one integration for another integration of the same application, writing nothing', async () => {
    // Prepare: two integrations of demo and A's agent
    const a = await newIntegration();
    const b = await newIntegration();
    const agentOfA = await integrationIdentity(demo().id, a);

    // Act: A's agent posts logs for B
    const answer = await post({ integracaoId: b, execucoes: [execucao(1)] }, undefined, agentOfA);

    // Assess: 404 as for an unknown integration, no log of B; A's own logs are accepted
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({ error: 'not_found', message: 'integration not found' });
    expect(await logItems(demo().id, b)).toEqual([]);
    expect((await post({ integracaoId: a, execucoes: [execucao(1)] }, undefined, agentOfA)).status).toBe(201);
  });
});

describe('admin execution logs: GET /api/admin/integracoes/{id}/logs', () => {
  it('pages newest first with a cursor: three pages, no duplicates, no gaps', async () => {
    const id = await newIntegration();
    for (const batch of [0, 1, 2]) {
      const execucoes = Array.from({ length: batch === 2 ? 5 : 10 }, (_, n) => execucao(batch * 10 + n, { query: `B${batch} Q${n}` }));
      expect((await post({ integracaoId: id, execucoes })).status).toBe(201);
    }
    const stored = await logItems(demo().id, id);
    expect(stored).toHaveLength(25);

    const pages: Json[] = [];
    let cursor: string | null = null;
    do {
      const page = await api.admin(
        'GET',
        `/api/admin/integracoes/${id}/logs?limite=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.status).toBe(200);
      pages.push(page.body);
      cursor = page.body.proximoCursor as string | null;
    } while (cursor && pages.length < 10);
    expect(pages.map((p) => p.content.length)).toEqual([10, 10, 5]);
    expect(pages.map((p) => p.proximoCursor === null)).toEqual([false, false, true]);
    const ids = pages.flatMap((p) => (p.content as Json[]).map((l) => l.id));
    expect(new Set(ids).size).toBe(25);
    expect(ids).toEqual(stored.map((i) => i.id));
    expect((pages[0]!.content as Json[])[0]!.query).toBe('B2 Q4');
    expect((pages[2]!.content as Json[])[4]!.query).toBe('B0 Q0');

    const newest = stored[0]!;
    expect(pages[0]!.content[0]).toEqual({
      id: newest.id,
      queryId: newest.queryId,
      query: 'B2 Q4',
      inicio: localDateTime(new Date(newest.inicio)),
      fim: localDateTime(new Date(newest.fim)),
      linhasLidas: 24,
      status: 'SUCESSO',
      erro: null,
      recebidoEm: localDateTime(new Date(newest.recebidoEm)),
    });

    // Default page size 20; an exact last page has no next cursor.
    const first = await api.admin('GET', `/api/admin/integracoes/${id}/logs`);
    expect(first.body.content).toHaveLength(20);
    const rest = await api.admin('GET', `/api/admin/integracoes/${id}/logs?limite=5&cursor=${first.body.proximoCursor}`);
    expect(rest.body.content.map((l: Json) => l.id)).toEqual(ids.slice(20));
    expect(rest.body.proximoCursor).toBeNull();
    const all = await api.admin('GET', `/api/admin/integracoes/${id}/logs?limite=100`);
    expect(all.body.content.map((l: Json) => l.id)).toEqual(ids);
    expect(all.body.proximoCursor).toBeNull();
  });

  it('answers an empty page for an integration without logs', async () => {
    const page = await api.admin('GET', `/api/admin/integracoes/${await newIntegration()}/logs`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ content: [], proximoCursor: null });
  });

  it('answers 400 for a bad limite or a malformed cursor', async () => {
    const id = await newIntegration();
    for (const limite of ['0', '101', 'abc', '-1', '1.5', '']) {
      const answer = await api.admin('GET', `/api/admin/integracoes/${id}/logs?limite=${limite}`);
      expect(answer.status, limite).toBe(400);
      expect(answer.body, limite).toMatchObject({ error: 'validation_error', field: 'limite' });
    }
    const forged = Buffer.from('PACIENTE#0000000000000001').toString('base64url');
    for (const cursor of ['%%%', 'bm90LWEtY3Vyc29y', forged, 'x'.repeat(300)]) {
      const answer = await api.admin('GET', `/api/admin/integracoes/${id}/logs?cursor=${encodeURIComponent(cursor)}`);
      expect(answer.status, cursor).toBe(400);
      expect(answer.body, cursor).toMatchObject({ error: 'validation_error', field: 'cursor' });
    }
  });

  it("answers 404 for an unknown integration and for another application's", async () => {
    const theirs = await newIntegration(outra().id);
    // Put straight into the table: an agent of outra would need outra's token.
    await dynamoExecutionLogRepository().append(outra().id, [
      {
        id: await nextId(),
        integracaoId: theirs,
        ...execucao(1),
        status: 'SUCESSO',
        recebidoEm: new Date().toISOString(),
      },
    ]);
    for (const id of [String(theirs), '9007199254740991', 'abc']) {
      const answer = await api.admin('GET', `/api/admin/integracoes/${id}/logs`);
      expect(answer.status, id).toBe(404);
    }
    // Their own admin reads them.
    const own = await api.call('GET', `/api/admin/integracoes/${theirs}/logs`, bearer(outra().tokens.admin));
    expect(own.status).toBe(200);
    expect(own.body.content).toHaveLength(1);
  });
});

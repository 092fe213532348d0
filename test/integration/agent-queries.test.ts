// The agent's saved queries end to end over the mutual-TLS port: the certificate and scopes, the
// integracaoId parameter, another application's integration (404, nothing written), exact round trips,
// the body's refusals, older versions deleted, and the atomic replacement: readers racing two writers
// always see one whole set, and the newest version wins.
import { isDeepStrictEqual } from 'node:util';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { agentCall, integrationIdentity, storedIntegration, type AgentIdentity } from '../support/agent.ts';
import { accessToken, useLocalService, type Json } from '../support/local-service.ts';
import { db } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { dynamoSavedQueryRepository } from '#shared/db/saved-queries';

const service = useLocalService();
const demo = () => service.sandbox.applications.demo;
const outra = () => service.sandbox.applications.outra;

/** An integration put straight into the table (the admin route is tested with the integrations). */
const newIntegration = (aplicacaoId = demo().id): Promise<number> => storedIntegration(aplicacaoId);

let tokens: { read: string; write: string; both: string } | undefined;
async function token(kind: 'read' | 'write' | 'both' = 'both'): Promise<string> {
  tokens ??= {
    read: await accessToken(service, demo().oauth, 'integracoes:read'),
    write: await accessToken(service, demo().oauth, 'integracoes:write'),
    both: await accessToken(service, demo().oauth, 'integracoes:read integracoes:write'),
  };
  return tokens[kind];
}

const url = (integracaoId: number | string) => `/api/external/integracoes/queries?integracaoId=${integracaoId}`;
/** By default the agent of the integration asked for (a certificate of demo bound to it); the sandbox agent's for a malformed id. */
const agentOf = (integracaoId: number | string) =>
  typeof integracaoId === 'number' ? integrationIdentity(demo().id, integracaoId) : Promise.resolve(undefined);
const get = async (integracaoId: number | string, authorization?: string, identity?: AgentIdentity) =>
  agentCall(service, 'GET', url(integracaoId), {
    authorization: authorization ?? (await token()),
    identity: identity ?? (await agentOf(integracaoId)),
  });
const put = async (integracaoId: number | string, body: unknown, authorization?: string, identity?: AgentIdentity) =>
  agentCall(service, 'PUT', url(integracaoId), {
    authorization: authorization ?? (await token()),
    body,
    identity: identity ?? (await agentOf(integracaoId)),
  });

const query = (n: number, over: Record<string, unknown> = {}) => ({
  nome: `Consulta ${n}`,
  sql: `SELECT id, nome FROM pacientes WHERE lote = ${n}`,
  tipo: 'PACIENTES',
  ...over,
});

/** Every QSET item of an integration, by sort key (page after page: a set of long queries passes 1 MB). */
async function setItems(aplicacaoId: number, integracaoId: number): Promise<string[]> {
  const { pk, skPrefix } = keys.savedQuerySets(aplicacaoId, integracaoId);
  const sks: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: service.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': skPrefix },
        ProjectionExpression: 'sk',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    sks.push(...(out.Items ?? []).map((i) => String(i.sk)));
    start = out.LastEvaluatedKey;
  } while (start);
  return sks;
}

describe('agent saved queries: access', () => {
  it('answers 401 without the client certificate', async () => {
    const id = await newIntegration();
    const authorization = await token();
    expect((await agentCall(service, 'GET', url(id), { identity: null, authorization })).status).toBe(401);
    expect((await agentCall(service, 'PUT', url(id), { identity: null, authorization, body: [] })).status).toBe(401);
    expect((await agentCall(service, 'GET', url(id), {})).status).toBe(401);
  });

  it('answers 403 insufficient_scope without integracoes:read (GET) or integracoes:write (PUT)', async () => {
    const id = await newIntegration();
    const got = await get(id, await token('write'));
    expect(got.status).toBe(403);
    expect(got.json).toMatchObject({ error: 'insufficient_scope' });
    const putted = await put(id, [query(1)], await token('read'));
    expect(putted.status).toBe(403);
    expect(putted.json).toMatchObject({ error: 'insufficient_scope' });
    expect(await setItems(demo().id, id)).toEqual([]);
  });

  it('answers 400 naming integracaoId when it is missing or not a positive int64', async () => {
    for (const bad of ['', 'abc', '0', '-1', '1.5', '1e3', '0x10', ' 1', '9223372036854775808', '99999999999999999999']) {
      for (const call of [() => get(encodeURIComponent(bad)), () => put(encodeURIComponent(bad), [])]) {
        const answer = await call();
        expect(answer.status, bad).toBe(400);
        expect(answer.json, bad).toMatchObject({ error: 'validation_error', field: 'integracaoId' });
      }
    }
    const missing = await agentCall(service, 'GET', '/api/external/integracoes/queries', { authorization: await token() });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'validation_error', message: 'integracaoId is required', field: 'integracaoId' });
  });

  it("answers 404 for an unknown integration and for another application's, writing nothing", async () => {
    // Prepare: demo's agent (its certificate bound to one of demo's integrations) and an integration of outra
    const mine = await newIntegration();
    const agent = await integrationIdentity(demo().id, mine);
    const theirs = await newIntegration(outra().id);
    for (const id of [theirs, 9_007_199_254_740_991, '9223372036854775807']) {
      // Act: demo's agent names them
      const got = await get(id, undefined, agent);
      const putted = await put(id, [query(1)], undefined, agent);
      // Assess
      expect(got.status, String(id)).toBe(404);
      expect(got.json).toMatchObject({ error: 'not_found', message: 'integration not found' });
      expect(putted.status, String(id)).toBe(404);
    }
    // Even a certificate of demo naming outra's integration id reads nothing of outra's: the key is demo's.
    expect((await get(theirs)).status).toBe(404);
    expect((await put(theirs, [query(1)])).status).toBe(404);
    expect(await setItems(outra().id, theirs)).toEqual([]);
    expect(await setItems(demo().id, theirs)).toEqual([]);
    const item = await db().send(new GetCommand({ TableName: service.tableName, Key: keys.integration(outra().id, theirs) }));
    expect(item.Item?.versaoQueries).toBeUndefined();
  });

  it('answers 404 to the agent of one integration for another integration of the same application, and changes nothing of it', async () => {
    // Prepare: two integrations of demo; B's agent saved B's set
    const a = await newIntegration();
    const b = await newIntegration();
    const bSet = [query(1, { id: 11, sql: 'SELECT id FROM pacientes' })];
    expect((await put(b, bSet)).status).toBe(200);
    const agentOfA = await integrationIdentity(demo().id, a);

    // Act: A's agent reads B's set and plants SQL in it
    const read = await get(b, undefined, agentOfA);
    const planted = await put(b, [query(2, { sql: 'SELECT * FROM usuarios_senhas' })], undefined, agentOfA);

    // Assess: the same 404 as an unknown integration; B's agent still reads B's set, version 1
    expect(read.status).toBe(404);
    expect(read.json).toEqual({ error: 'not_found', message: 'integration not found' });
    expect(planted.status).toBe(404);
    expect(planted.json).toEqual({ error: 'not_found', message: 'integration not found' });
    expect((await get(b)).json).toEqual(bSet.map((q) => ({ ...q, ativo: true, ultimaExecucao: null })));
    expect(await setItems(demo().id, b)).toEqual(['QSET#00000001#Q#000', 'QSET#00000001#~']);
    // and A's own set is A's to read and write
    expect((await put(a, [query(3)], undefined, agentOfA)).status).toBe(200);
  });
});

describe('agent saved queries: round trips', () => {
  it('answers [] before any set was saved', async () => {
    const got = await get(await newIntegration());
    expect(got.status).toBe(200);
    expect(got.json).toEqual([]);
  });

  it('saves a set and reads it back exactly, in order, with new ids for the ones without', async () => {
    const id = await newIntegration();
    const body = [
      {
        id: 501,
        nome: 'Pacientes novos',
        sql: "SELECT * FROM pac WHERE criado > now() - interval '1 day';",
        tipo: 'PACIENTES',
        ativo: true,
        ultimaExecucao: '2025-01-02T03:04:05.678Z',
      },
      { nome: 'Agenda', sql: 'WITH a AS (SELECT * FROM agenda) SELECT * FROM a', tipo: 'AGENDAMENTOS' },
      {
        id: 7,
        nome: 'Prontuários',
        sql: 'select * from prontuario -- delete later? no',
        tipo: 'REGISTROS_CLINICOS',
        ativo: false,
        ultimaExecucao: null,
      },
    ];
    const saved = await put(id, body);
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ integracaoId: id, versao: 1, total: 3 });

    const got = await get(id);
    expect(got.status).toBe(200);
    const read = got.json as Json[];
    expect(read).toEqual([body[0], { ...body[1], id: read[1]!.id, ativo: true, ultimaExecucao: null }, body[2]]);
    expect(Number.isSafeInteger(read[1]!.id)).toBe(true);
    expect([501, 7]).not.toContain(read[1]!.id);

    // The agent's usual cycle: what it read, with ultimaExecucao reported, goes back unchanged otherwise.
    const reported = read.map((q) => ({ ...q, ultimaExecucao: '2025-02-01T10:00:00-03:00' }));
    expect((await put(id, reported)).json).toEqual({ integracaoId: id, versao: 2, total: 3 });
    expect((await get(id)).json).toEqual(read.map((q) => ({ ...q, ultimaExecucao: '2025-02-01T13:00:00.000Z' })));
  });

  it('replaces the whole set, deletes the older versions, and an empty array empties it', async () => {
    const id = await newIntegration();
    await put(id, [query(1), query(2), query(3)]);
    expect((await put(id, [query(4, { id: 44 })])).json).toEqual({ integracaoId: id, versao: 2, total: 1 });
    expect(((await get(id)).json as Json[]).map((q) => q.id)).toEqual([44]);
    expect(await setItems(demo().id, id)).toEqual(['QSET#00000002#Q#000', 'QSET#00000002#~']);

    expect((await put(id, [])).json).toEqual({ integracaoId: id, versao: 3, total: 0 });
    expect((await get(id)).json).toEqual([]);
    expect(await setItems(demo().id, id)).toEqual(['QSET#00000003#~']);
  });

  it('takes 100 queries of 20,000 characters', async () => {
    const id = await newIntegration();
    // Exactly 20,000 characters each: 2 MB in all, several Query pages.
    const sql = (n: number) => {
      const head = `SELECT ${n} FROM t /*`;
      return `${head}${'x'.repeat(20_000 - head.length - 2)}*/`;
    };
    const body = Array.from({ length: 100 }, (_, n) => query(n, { id: n + 1, sql: sql(n) }));
    expect(body.every((q) => q.sql.length === 20_000)).toBe(true);
    expect((await put(id, body)).json).toEqual({ integracaoId: id, versao: 1, total: 100 });
    expect((await get(id)).json).toEqual(body.map((q) => ({ ...q, ativo: true, ultimaExecucao: null })));
  });
});

describe('agent saved queries: refusals', () => {
  it('answers 400 naming the item and field, and writes nothing', async () => {
    const id = await newIntegration();
    const cases: [unknown, string, RegExp?][] = [
      [{ queries: [] }, 'body'],
      ['"texto"', 'body'],
      [Array.from({ length: 101 }, (_, n) => query(n)), 'body', /at most 100/],
      [[query(1, { id: 9 }), query(2, { id: 9 })], '[1].id', /repeats the id of \[0\]/],
      [[query(1), query(2), query(3), query(4, { sql: 'UPDATE pacientes SET nome = null' })], '[3].sql', /SELECT or WITH/],
      [[query(1, { sql: 'WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x' })], '[0].sql', /DELETE is not allowed/],
      [[query(1, { sql: 'SELECT 1; SELECT 2' })], '[0].sql', /single statement/],
      [[query(1, { sql: 'SELECT * INTO copia FROM t' })], '[0].sql', /INTO/],
      [[query(1, { sql: 'select * from t for update' })], '[0].sql', /UPDATE/],
      [[query(1, { sql: "SELECT dblink_exec('outra', 'DELETE FROM pacientes')" })], '[0].sql', /DBLINK_EXEC is not allowed/],
      [[query(1, { sql: 'SELECT 1 /*M!100100 , (SELECT 1 FROM t FOR UPDATE) */' })], '[0].sql', /executable comments/],
      [[query(1, { sql: "SELECT * FROM OPENQUERY(srv, 'DELETE FROM pacientes')" })], '[0].sql', /OPENQUERY is not allowed/],
      [[query(1, { sql: 'x'.repeat(20_001) })], '[0].sql', /at most 20000/],
      [[query(1, { nome: '' })], '[0].nome'],
      [[query(1, { nome: 'n'.repeat(201) })], '[0].nome'],
      [[query(1, { tipo: 'EXAMES' })], '[0].tipo'],
      [[query(1, { ativo: 1 })], '[0].ativo'],
      [[query(1, { id: -3 })], '[0].id'],
      [[query(1, { id: '12' })], '[0].id'],
      [[query(1, { ultimaExecucao: 'ontem' })], '[0].ultimaExecucao'],
      [[query(1, { ultimaExecucao: '2025-01-01T10:00:00' })], '[0].ultimaExecucao'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await put(id, body);
      expect(answer.status, field).toBe(400);
      expect(answer.json, field).toMatchObject({ error: 'validation_error', field });
      if (message) expect((answer.json as Json).message).toMatch(message);
    }
    const invalidJson = await put(id, '[{');
    expect(invalidJson.status).toBe(400);
    expect(await setItems(demo().id, id)).toEqual([]);
    expect((await get(id)).json).toEqual([]);
  });
});

describe('agent saved queries: atomic replacement', () => {
  it('never shows a mix of two sets to readers racing two writers; the newest version wins', { timeout: 180_000 }, async () => {
    const id = await newIntegration();
    // Long SQL so that a set spans several Query pages (1 MB each).
    const filler = (n: number) => `SELECT ${n} AS lote FROM t /*${'a'.repeat(12_000)}*/`;
    const setA = Array.from({ length: 100 }, (_, n) => ({
      ...query(n, { id: 1000 + n, nome: `A${n}`, sql: filler(n) }),
      ativo: true,
      ultimaExecucao: null,
    }));
    const setB = Array.from({ length: 100 }, (_, n) => ({
      ...query(n, { id: 2000 + n, nome: `B${n}`, tipo: 'AGENDAMENTOS' }),
      ativo: false,
      ultimaExecucao: null,
    }));
    const which = (read: unknown) => {
      if (isDeepStrictEqual(read, setA)) return 'A';
      if (isDeepStrictEqual(read, setB)) return 'B';
      return `mix: ${(read as Json[]).length} ${(read as Json[]).map((q) => q.nome).join(',')}`;
    };
    expect((await put(id, setA)).status).toBe(200);

    // Reads answered while both writers were still at work: the race the test is about took place.
    let readsDuringWrites = 0;
    for (let round = 0; round < 6; round++) {
      let writing = true;
      const writers = Promise.all([put(id, setA), put(id, setB)]).finally(() => {
        writing = false;
      });
      const reader = async () => {
        const seen: string[] = [];
        do {
          const got = await get(id);
          if (writing) readsDuringWrites++;
          expect(got.status).toBe(200);
          seen.push(which(got.json));
        } while (writing);
        return seen;
      };
      const [[a, b], ...seen] = await Promise.all([writers, reader(), reader(), reader()]);
      for (const s of seen.flat()) expect(['A', 'B']).toContain(s);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      const newest = (a.json as Json).versao > (b.json as Json).versao ? 'A' : 'B';
      expect(which((await get(id)).json)).toBe(newest);
      // Only the newest version's items remain.
      const items = await setItems(demo().id, id);
      const newestVersion = Math.max((a.json as Json).versao, (b.json as Json).versao);
      expect(items.every((sk) => sk.startsWith(`QSET#${String(newestVersion).padStart(8, '0')}#`))).toBe(true);
      expect(items).toHaveLength(101);
    }
    expect(readsDuringWrites).toBeGreaterThan(0);
    // Sequential writes: the last one wins.
    await put(id, setB);
    await put(id, setA);
    expect(which((await get(id)).json)).toBe('A');
  });

  it('leaves only the newest set when an older version finishes writing after the newer one cleaned up', async () => {
    // The interleaving two racing PUTs can produce, made deterministic: B draws after A but ends first.
    const id = await newIntegration();
    const repo = dynamoSavedQueryRepository();
    const query = (n: number) => ({ id: n, nome: `Q${n}`, sql: 'SELECT 1', tipo: 'PACIENTES' as const, ativo: true, ultimaExecucao: null });
    const at = new Date().toISOString();
    const older = (await repo.drawVersion(demo().id, id))!;
    const newer = (await repo.drawVersion(demo().id, id))!;
    await repo.writeSet(demo().id, id, newer, [query(1)], at);
    await repo.deleteOlder(demo().id, id, newer);
    await repo.writeSet(demo().id, id, older, [query(2), query(3)], at);
    await repo.deleteOlder(demo().id, id, older);
    expect(await setItems(demo().id, id)).toEqual([
      keys.savedQuery(demo().id, id, newer, 0).sk,
      keys.savedQuerySetHeader(demo().id, id, newer).sk,
    ]);
    expect(await repo.readLatest(demo().id, id)).toEqual({ versao: newer, total: 1, queries: [query(1)] });
  });
});

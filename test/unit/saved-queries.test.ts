// The saved-query rules: the PUT body (limits, ids, fields named `[i].field`), the read-only SQL check
// under every way a database may read the text (the vendors' constructs: read-only-sql.test.ts), and the
// set's read and replace over a fake store.
import { describe, expect, it } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import {
  indexedField,
  parseSavedQueries,
  readSavedQueries,
  replaceSavedQueries,
  type SavedQuery,
  type SavedQueryRepository,
  type SavedQuerySnapshot,
} from '#shared/domain/saved-queries';
import { readOnlySqlProblem } from '#shared/domain/read-only-sql';

const accepted = (sql: string) => expect(readOnlySqlProblem(sql), sql).toBeUndefined();
const refused = (sql: string, because?: RegExp) => {
  const problem = readOnlySqlProblem(sql);
  expect(problem, sql).toBeDefined();
  if (because) expect(problem).toMatch(because);
};

function refusal(run: () => unknown): { message: string; field: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'validation') return { message: error.message, field: error.details.field };
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('read-only SQL check', () => {
  it('accepts plain reads, CTEs, unions, a trailing semicolon, any case and layout', () => {
    accepted('SELECT * FROM pacientes');
    accepted('select id, nome from pacientes where ativo = 1');
    accepted('  \n\tSeLeCt 1');
    accepted('SELECT 1;');
    accepted('SELECT 1 ;  \n  ');
    accepted('SELECT 1; -- done');
    accepted('WITH recentes AS (SELECT * FROM agenda WHERE data > now()) SELECT * FROM recentes');
    accepted('WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t WHERE n < 10) SELECT n FROM t');
    accepted('(SELECT a FROM x) UNION (SELECT a FROM y)');
    accepted('SELECT a FROM x EXCEPT SELECT a FROM y ORDER BY 1 LIMIT 10 OFFSET 5');
  });

  it('accepts forbidden words inside strings, quoted identifiers and comments', () => {
    accepted("SELECT * FROM log WHERE acao = 'DELETE' OR acao = 'INSERT INTO x; DROP TABLE y'");
    accepted('SELECT "update", "into" FROM t');
    accepted('SELECT `delete` FROM t');
    accepted('SELECT [drop] FROM t');
    accepted('SELECT 1 -- UPDATE pacientes SET x = 1; DROP TABLE y\nFROM t');
    accepted('SELECT /* DELETE FROM t; */ 1');
    accepted("SELECT 'it''s; fine' FROM t");
    accepted('SELECT "a ""quoted"" name" FROM t');
    accepted('SELECT [a]]b] FROM t');
    accepted('/* leading comment */ SELECT 1');
    accepted('-- leading comment\nSELECT 1');
  });

  it('tells keywords from identifiers that contain them', () => {
    accepted('SELECT updated_at, created_by, deleted, into_x, x_into, callback, copyright, locked FROM t');
    accepted('SELECT descricao FROM t WHERE insertion_date > 0');
  });

  it('accepts REPLACE and TRUNCATE as functions', () => {
    accepted("SELECT REPLACE(nome, 'a', 'b') FROM t");
    accepted('SELECT truncate (valor, 2) FROM t');
    refused('WITH x AS (SELECT 1) REPLACE t SELECT * FROM x', /REPLACE/);
  });

  it('refuses every write, DDL, call and lock keyword, in any case', () => {
    for (const keyword of [
      'INSERT',
      'UPDATE',
      'DELETE',
      'MERGE',
      'UPSERT',
      'REPLACE',
      'DROP',
      'ALTER',
      'CREATE',
      'TRUNCATE',
      'GRANT',
      'REVOKE',
      'EXEC',
      'EXECUTE',
      'CALL',
      'COPY',
      'LOCK',
      'INTO',
    ]) {
      refused(`SELECT 1 FROM t WHERE x IN (SELECT ${keyword} y)`, new RegExp(`${keyword} is not allowed`));
      refused(`select 1 from t where x in (select ${keyword.toLowerCase()} y)`, new RegExp(`${keyword} is not allowed`));
    }
  });

  it('refuses data-modifying CTEs, SELECT INTO and row locks', () => {
    refused('WITH x AS (DELETE FROM t RETURNING *) SELECT * FROM x', /DELETE is not allowed/);
    refused('with x as (update t set a = 1 returning *) select * from x', /UPDATE is not allowed/);
    refused('WITH x AS (INSERT INTO t VALUES (1) RETURNING *) SELECT * FROM x', /INSERT is not allowed/);
    refused('SELECT * INTO copia FROM pacientes', /INTO is not allowed/);
    refused("SELECT * FROM t INTO OUTFILE '/tmp/x'", /INTO is not allowed/);
    refused('SELECT * FROM t FOR UPDATE', /UPDATE is not allowed/);
    refused('SELECT * FROM t for   update nowait', /UPDATE is not allowed/);
    refused('SELECT * FROM t FOR SHARE', /FOR SHARE is not allowed/);
    refused('SELECT * FROM t FOR KEY SHARE', /FOR KEY is not allowed/);
    refused('SELECT * FROM t LOCK IN SHARE MODE', /LOCK is not allowed/);
  });

  it('refuses anything but SELECT or WITH first', () => {
    for (const sql of [
      '',
      '   ',
      '-- only a comment',
      'UPDATE t SET a = 1',
      'EXPLAIN SELECT 1',
      'SHOW TABLES',
      'VALUES (1)',
      'SET x = 1',
      'DO $$ $$',
      "'SELECT'",
    ]) {
      refused(sql, /starting with SELECT or WITH|dollar/);
    }
  });

  it('refuses two statements, whatever the second', () => {
    refused('SELECT 1; SELECT 2', /single statement/);
    refused('SELECT 1;SELECT 2;', /single statement/);
    refused('SELECT 1;; ', /single statement/);
    refused('SELECT 1; DROP TABLE pacientes', /single statement/);
    refused('SELECT 1 /* c */ ; -- c\n SELECT 2', /single statement/);
  });

  it('refuses unterminated strings, identifiers and comments', () => {
    refused("SELECT 'abc", /unterminated/);
    refused('SELECT "abc', /unterminated/);
    refused('SELECT `abc', /unterminated/);
    refused('SELECT 1 /* open', /unterminated/);
    refused('SELECT [abc', /unterminated/);
  });

  it('cannot be fooled by backslash escapes (MySQL, PostgreSQL E-strings)', () => {
    // Standard SQL: the string is 'a\' and the rest is code; MySQL: the string goes on to the end.
    refused("SELECT 'a\\' ; DROP TABLE t; -- '");
    refused("SELECT 'a\\'' ; DROP TABLE t; -- '");
    // PostgreSQL reads backslashes only in E'...': a mix no single reading would see.
    refused("SELECT E'\\'' , 'x\\' ; DROP TABLE t; --'");
    refused('SELECT "a\\" ; DROP TABLE t; -- "');
    accepted("SELECT 'C:\\pasta' FROM t");
    accepted("SELECT * FROM t WHERE nome LIKE '%\\_%'");
  });

  it("cannot be fooled by MySQL's comments", () => {
    refused("SELECT 1 # it's\n; DROP TABLE t; -- '");
    refused("SELECT 1 --'\n'; DROP TABLE t; SELECT '");
    refused('SELECT 1 /*! ; DROP TABLE t */', /executable comments/);
    accepted('SELECT 1 # a comment\nFROM t');
  });

  it('refuses the quoting constructs only one database knows', () => {
    refused("SELECT $$'$$; DROP TABLE t; --'", /dollar/);
    refused('SELECT $tag$ x $tag$', /dollar/);
    refused("SELECT q'{'}' ; DROP TABLE t; --'", /q'/);
    refused("SELECT nq'[x]' FROM dual", /q'/);
    refused("SELECT /* /* */ ' */ ; DROP TABLE t; -- '", /nest/);
    accepted('SELECT $1, a$$b FROM t');
    accepted("SELECT seq'x' FROM t".replace("seq'x'", 'seq'));
  });

  it('cannot be fooled by bracketed identifiers', () => {
    refused("SELECT arr[';DROP TABLE t;--'] FROM t; DELETE FROM t");
    accepted('SELECT arr[1], arr[2:3] FROM t');
  });

  it('checks the largest statement quickly', () => {
    const sql = `SELECT ${Array.from({ length: 2000 }, (_, i) => `c${i}`).join(', ')} FROM t`.slice(0, 19_990) + ' FROM t';
    const big = `${sql.replace(/,[^,]*$/, '')}\n-- a\\b#c[d\nFROM t`;
    const started = performance.now();
    for (let i = 0; i < 100; i++) readOnlySqlProblem(big);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('saved-query body', () => {
  const query = (over: Record<string, unknown> = {}) => ({ nome: 'Pacientes', sql: 'SELECT * FROM pacientes', tipo: 'PACIENTES', ...over });

  it('takes defaults and keeps the order', () => {
    const parsed = parseSavedQueries([query({ id: 7 }), query({ nome: '  Agenda ', tipo: 'AGENDAMENTOS', ativo: false })]);
    expect(parsed).toEqual([
      { id: 7, nome: 'Pacientes', sql: 'SELECT * FROM pacientes', tipo: 'PACIENTES', ativo: true, ultimaExecucao: null },
      { nome: 'Agenda', sql: 'SELECT * FROM pacientes', tipo: 'AGENDAMENTOS', ativo: false, ultimaExecucao: null },
    ]);
  });

  it('keeps ultimaExecucao as the UTC instant it names', () => {
    const [q] = parseSavedQueries([query({ ultimaExecucao: '2025-03-01T10:00:00-03:00' })]);
    expect(q!.ultimaExecucao).toBe('2025-03-01T13:00:00.000Z');
  });

  it('names the offending item and field', () => {
    expect(refusal(() => parseSavedQueries({}))).toMatchObject({ field: 'body' });
    expect(refusal(() => parseSavedQueries([query(), query({ nome: '' })]))).toEqual({
      message: '[1].nome must not be empty',
      field: '[1].nome',
    });
    expect(refusal(() => parseSavedQueries([query({ nome: 'x'.repeat(201) })]))).toMatchObject({ field: '[0].nome' });
    expect(refusal(() => parseSavedQueries([query({ sql: '' })]))).toMatchObject({ field: '[0].sql' });
    expect(refusal(() => parseSavedQueries([query({ sql: `SELECT 1 ${'-'.repeat(20_000)}` })]))).toMatchObject({ field: '[0].sql' });
    expect(refusal(() => parseSavedQueries([query({ tipo: 'OUTRO' })]))).toMatchObject({ field: '[0].tipo' });
    expect(refusal(() => parseSavedQueries([query({ tipo: undefined })]))).toMatchObject({ message: '[0].tipo is required' });
    expect(refusal(() => parseSavedQueries([query({ id: 1.5 })]))).toMatchObject({ field: '[0].id' });
    expect(refusal(() => parseSavedQueries([query({ id: 0 })]))).toMatchObject({ field: '[0].id' });
    expect(refusal(() => parseSavedQueries([query({ ativo: 'sim' })]))).toMatchObject({ field: '[0].ativo' });
    expect(refusal(() => parseSavedQueries([query({ ultimaExecucao: '2025-03-01T10:00:00' })]))).toMatchObject({
      field: '[0].ultimaExecucao',
    });
    expect(refusal(() => parseSavedQueries([query(), query(), query(), query({ sql: 'DELETE FROM t' })]))).toEqual({
      message: '[3].sql must be a read statement starting with SELECT or WITH',
      field: '[3].sql',
    });
  });

  it('refuses repeated ids and more than 100 queries', () => {
    expect(refusal(() => parseSavedQueries([query({ id: 5 }), query({ id: 6 }), query({ id: 5 })]))).toEqual({
      message: '[2].id repeats the id of [0]',
      field: '[2].id',
    });
    expect(parseSavedQueries(Array.from({ length: 100 }, () => query()))).toHaveLength(100);
    expect(refusal(() => parseSavedQueries(Array.from({ length: 101 }, () => query())))).toMatchObject({ field: 'body' });
    expect(parseSavedQueries([])).toEqual([]);
  });

  it('writes JSON paths', () => {
    expect(indexedField('3.sql')).toBe('[3].sql');
    expect(indexedField('execucoes.12.fim')).toBe('execucoes[12].fim');
    expect(indexedField('integracaoId')).toBe('integracaoId');
  });
});

/** A store that answers the snapshots it is given, one per read. */
function fakeStore(snapshots: (SavedQuerySnapshot | undefined)[] = []) {
  let ids = 1000;
  let version = 0;
  const calls: string[] = [];
  const repo: SavedQueryRepository = {
    newId: async () => ++ids,
    drawVersion: async (_a, integracaoId) => (integracaoId === 404 ? undefined : ++version),
    writeSet: async (_a, _i, versao, queries) => {
      calls.push(`write ${versao} ${queries.map((q) => q.id).join(',')}`);
    },
    deleteOlder: async (_a, _i, versao) => {
      calls.push(`delete <${versao}`);
    },
    readLatest: async () => {
      calls.push('read');
      return snapshots.shift();
    },
  };
  return { repo, calls };
}

const saved = (id: number): SavedQuery => ({ id, nome: `q${id}`, sql: 'SELECT 1', tipo: 'PACIENTES', ativo: true, ultimaExecucao: null });

describe('saved-query set', () => {
  it('replaces: draws a version, writes, then deletes the older ones; new ids never repeat a given one', async () => {
    const { repo, calls } = fakeStore();
    const inputs = parseSavedQueries([
      { nome: 'a', sql: 'SELECT 1', tipo: 'PACIENTES' },
      { id: 1001, nome: 'b', sql: 'SELECT 1', tipo: 'PACIENTES' },
    ]);
    expect(await replaceSavedQueries(repo, 1, 2, inputs)).toEqual({ integracaoId: 2, versao: 1, total: 2 });
    expect(calls).toEqual(['write 1 1002,1001', 'delete <1']);
  });

  it('is a 404 when the integration does not exist', async () => {
    const { repo, calls } = fakeStore();
    await expect(replaceSavedQueries(repo, 1, 404, [])).rejects.toMatchObject({ kind: 'not_found' });
    expect(calls).toEqual([]);
  });

  it('reads again when the set lost queries while it was read', async () => {
    const { repo, calls } = fakeStore([
      { versao: 3, total: 2, queries: [saved(1)] },
      { versao: 4, total: 1, queries: [saved(9)] },
    ]);
    expect(await readSavedQueries(repo, 1, 2)).toEqual([saved(9)]);
    expect(calls).toEqual(['read', 'read']);
  });

  it('answers [] when no set was ever saved, and gives up after five torn reads', async () => {
    expect(await readSavedQueries(fakeStore([undefined]).repo, 1, 2)).toEqual([]);
    const torn = Array.from({ length: 5 }, () => ({ versao: 1, total: 2, queries: [saved(1)] }));
    await expect(readSavedQueries(fakeStore(torn).repo, 1, 2)).rejects.toMatchObject({ kind: 'conflict' });
  });
});

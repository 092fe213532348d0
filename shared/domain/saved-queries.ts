// An integration's saved queries: the SQL its on-premises agent runs against the legacy database, each
// naming what its rows are (patients, appointments, clinical records). The agent reads the whole set and
// replaces it whole (PUT); a reader always sees one whole set, never half of an old one and half of a
// new one (the storage design is in docs/data-model.md, pattern 41).
//
// The SQL is checked to be a single read statement. That check is a guard against mistakes (a saved
// UPDATE, two statements pasted together), not the security boundary: the agent must connect with a
// read-only database account. Still, it is written so that a statement cannot hide a write from it: the
// text is read once per way a database may read it (backslash escapes or not, MySQL's `#` comments,
// SQL Server's [identifiers]) and must pass every reading; constructs only one database understands and
// that could hide text from the others (dollar quotes, q'[...]', nested or executable comments) are refused.
import * as z from 'zod/mini';
import { conflict, DomainError, invalid, notFound } from '#shared/domain/errors';
import { parseInput } from '#shared/domain/validation';

export const queryTypes = ['PACIENTES', 'AGENDAMENTOS', 'REGISTROS_CLINICOS'] as const;
export type QueryType = (typeof queryTypes)[number];

export const MAX_QUERIES = 100;
export const MAX_SQL_LENGTH = 20_000;

export interface SavedQuery {
  id: number;
  nome: string;
  sql: string;
  tipo: QueryType;
  ativo: boolean;
  /** ISO instant (UTC, milliseconds) of the agent's last run, as it reported it; null: never run. */
  ultimaExecucao: string | null;
}

/** One version of an integration's set as read: `total` is what its header says, `queries` what was found. */
export interface SavedQuerySnapshot {
  versao: number;
  total: number;
  queries: SavedQuery[];
}

export interface SavedQueryRepository {
  newId(): Promise<number>;
  /** Draws the next set version (`ADD versaoQueries :1` on the integration); undefined when the integration does not exist. */
  drawVersion(aplicacaoId: number, integracaoId: number): Promise<number | undefined>;
  /** Writes the set's queries, then (only once they are all written) its header. */
  writeSet(aplicacaoId: number, integracaoId: number, versao: number, queries: SavedQuery[], criadoEm: string): Promise<void>;
  /** Deletes every item of the versions below `versao` and below the newest set whose header is written. */
  deleteOlder(aplicacaoId: number, integracaoId: number, versao: number): Promise<void>;
  /** The newest set with a header and the queries found under it; undefined when no set was ever saved. */
  readLatest(aplicacaoId: number, integracaoId: number): Promise<SavedQuerySnapshot | undefined>;
}

// ---------------------------------------------------------------------------------------------------
// Field names of array items as the agent sees them: `[3].sql`, `execucoes[0].inicio`.

/** `execucoes.0.inicio` -> `execucoes[0].inicio`; `3.sql` -> `[3].sql`. */
export const indexedField = (path: string): string => path.replace(/(^|\.)(\d+)(?=\.|$)/g, '[$2]').replace(/^\./, '');

/** parseInput, with the offending field named the way JSON paths are written (`execucoes[2].fim`). */
export function parseIndexed<S extends z.ZodMiniType>(schema: S, value: unknown, what = 'body'): z.infer<S> {
  try {
    return parseInput(schema, value, what);
  } catch (error) {
    if (!(error instanceof DomainError) || typeof error.details.field !== 'string') throw error;
    const field = error.details.field;
    const named = indexedField(field);
    throw invalid(`${named}${error.message.slice(field.length)}`, named);
  }
}

/** An ISO-8601 date-time with its zone (`Z` or `±hh:mm`), kept as the UTC instant it names. */
export const isoInstant = z.pipe(
  z.iso.datetime({ offset: true }).check(z.maxLength(40)),
  z.transform((value) => new Date(value).toISOString()),
);

// ---------------------------------------------------------------------------------------------------
// The PUT body.

const savedQueryInput = z.object({
  id: z.optional(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))),
  nome: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  sql: z.string().check(z.minLength(1), z.maxLength(MAX_SQL_LENGTH)),
  tipo: z.enum(queryTypes),
  ativo: z._default(z.boolean(), true),
  ultimaExecucao: z._default(z.nullable(isoInstant), null),
});

export const savedQueriesInput = z.array(savedQueryInput).check(z.maxLength(MAX_QUERIES));

export type SavedQueryInput = z.infer<typeof savedQueryInput>;

/** The PUT body: at most 100 queries, ids unique, each SQL a single read statement. 400 naming `[i].field`. */
export function parseSavedQueries(body: unknown): SavedQueryInput[] {
  if (!Array.isArray(body)) throw invalid('body must be an array of saved queries', 'body');
  const inputs = parseIndexed(savedQueriesInput, body);
  const seen = new Map<number, number>();
  inputs.forEach((q, i) => {
    if (q.id === undefined) return;
    const first = seen.get(q.id);
    if (first !== undefined) throw invalid(`[${i}].id repeats the id of [${first}]`, `[${i}].id`);
    seen.set(q.id, i);
  });
  inputs.forEach((q, i) => {
    const problem = readOnlySqlProblem(q.sql);
    if (problem) throw invalid(`[${i}].sql ${problem}`, `[${i}].sql`);
  });
  return inputs;
}

// ---------------------------------------------------------------------------------------------------
// Operations.

const READ_ATTEMPTS = 5;

/** The current set, in the order it was PUT; [] when none was ever saved. */
export async function readSavedQueries(repo: SavedQueryRepository, aplicacaoId: number, integracaoId: number): Promise<SavedQuery[]> {
  for (let attempt = 1; attempt <= READ_ATTEMPTS; attempt++) {
    const snapshot = await repo.readLatest(aplicacaoId, integracaoId);
    if (!snapshot) return [];
    // Fewer queries than the header counts: the set was deleted while it was read (a newer one is in).
    if (snapshot.queries.length === snapshot.total) return snapshot.queries;
  }
  throw conflict('The saved queries are being replaced; try again');
}

export interface ReplacedSet {
  integracaoId: number;
  versao: number;
  total: number;
}

/**
 * Replaces the whole set: draws a version, writes the queries, then the header (from then on readers see
 * the new set), then deletes the older versions. 404 when the integration does not exist.
 */
export async function replaceSavedQueries(
  repo: SavedQueryRepository,
  aplicacaoId: number,
  integracaoId: number,
  inputs: SavedQueryInput[],
  now: () => string = () => new Date().toISOString(),
): Promise<ReplacedSet> {
  const versao = await repo.drawVersion(aplicacaoId, integracaoId);
  if (versao === undefined) throw notFound('integration');
  const used = new Set(inputs.map((q) => q.id).filter((id) => id !== undefined));
  const queries: SavedQuery[] = [];
  for (const q of inputs) {
    let id = q.id;
    while (id === undefined || (q.id === undefined && used.has(id))) id = await repo.newId();
    used.add(id);
    queries.push({ id, nome: q.nome, sql: q.sql, tipo: q.tipo, ativo: q.ativo, ultimaExecucao: q.ultimaExecucao });
  }
  await repo.writeSet(aplicacaoId, integracaoId, versao, queries, now());
  await repo.deleteOlder(aplicacaoId, integracaoId, versao);
  return { integracaoId, versao, total: queries.length };
}

// ---------------------------------------------------------------------------------------------------
// The read-only SQL check.

/** Statements that write, lock, run code or change the schema; `INTO` because SELECT ... INTO creates a table. */
export const forbiddenKeywords = [
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
] as const;

const FORBIDDEN = new Set<string>(forbiddenKeywords);
/** Also string/number functions (MySQL's REPLACE(s, a, b), TRUNCATE(x, d)): allowed when a `(` follows. */
const FUNCTIONS_TOO = new Set(['REPLACE', 'TRUNCATE']);

/** How one database reads the text. */
interface Reading {
  /** Backslash escapes in '...' and "...": in none, in all (MySQL), or only in E'...' (PostgreSQL). */
  backslash: 'none' | 'all' | 'e-strings';
  /** MySQL: `#` starts a comment, `--` only when a space follows. */
  mysql: boolean;
  /** SQL Server: [quoted identifiers]. */
  brackets: boolean;
}

const identifierChar = /[\p{L}\p{N}_$]/u;
/** A [quoted identifier] of words and spaces only. */
const simpleBracketed = /^\[[\p{L}\p{N}_$ ]{1,256}\]/u;
const isIdentifierChar = (c: string | undefined) => c !== undefined && identifierChar.test(c);

type Stripped = { code: string } | { problem: string };

/** The text with every comment and literal replaced by a space, as `reading` reads it; or why it cannot be read. */
function strip(sql: string, reading: Reading): Stripped {
  const parts: string[] = [];
  let start = 0; // of the current run of code
  let i = 0;
  const n = sql.length;
  const skipTo = (end: number) => {
    parts.push(sql.slice(start, i), ' ');
    i = end;
    start = end;
  };
  const lineEnd = (from: number) => {
    let j = from;
    while (j < n && sql[j] !== '\n' && sql[j] !== '\r') j++;
    return j;
  };
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-' && (!reading.mysql || i + 2 >= n || /\s/.test(sql[i + 2]!))) {
      skipTo(lineEnd(i));
    } else if (c === '#' && reading.mysql) {
      skipTo(lineEnd(i));
    } else if (c === '/' && next === '*') {
      if (sql[i + 2] === '!') return { problem: 'must not use executable comments (/*! ... */)' };
      const end = sql.indexOf('*/', i + 2);
      if (end < 0) return { problem: 'has an unterminated comment' };
      if (sql.slice(i + 2, end).includes('/*')) return { problem: 'must not nest comments' };
      skipTo(end + 2);
    } else if (c === "'" || c === '"' || c === '`') {
      const prefixE = (sql[i - 1] === 'e' || sql[i - 1] === 'E') && !isIdentifierChar(sql[i - 2]);
      const backslash = c !== '`' && (reading.backslash === 'all' || (reading.backslash === 'e-strings' && c === "'" && prefixE));
      let j = i + 1;
      for (;;) {
        if (j >= n) return { problem: 'has an unterminated string or quoted identifier' };
        const d = sql[j]!;
        if (backslash && d === '\\') j += 2;
        else if (d === c && sql[j + 1] === c) j += 2;
        else if (d === c) break;
        else j++;
      }
      skipTo(j + 1);
    } else if (c === '[' && reading.brackets) {
      let j = i + 1;
      for (;;) {
        if (j >= n) return { problem: 'has an unterminated [quoted identifier]' };
        if (sql[j] === ']' && sql[j + 1] === ']') j += 2;
        else if (sql[j] === ']') break;
        else j++;
      }
      skipTo(j + 1);
    } else if (c === '[' && simpleBracketed.test(sql.slice(i, i + 260))) {
      // Read as code elsewhere, but only words and spaces: an array subscript or a syntax error, never a statement.
      skipTo(i + simpleBracketed.exec(sql.slice(i, i + 260))![0].length);
    } else if (c === '$' && !isIdentifierChar(sql[i - 1]) && /^\$(?:[\p{L}_][\p{L}\p{N}_]*)?\$/u.test(sql.slice(i, i + 66))) {
      return { problem: 'must not use dollar-quoted strings ($$...$$)' };
    } else if (
      (c === 'q' || c === 'Q') &&
      next === "'" &&
      (!isIdentifierChar(sql[i - 1]) || (/[nN]/.test(sql[i - 1]!) && !isIdentifierChar(sql[i - 2])))
    ) {
      return { problem: "must not use q'...' quoting" };
    } else {
      i++;
    }
  }
  parts.push(sql.slice(start));
  return { code: parts.join('') };
}

/** Why the code (comments and literals removed) is not a single read statement; undefined when it is. */
function statementProblem(code: string): string | undefined {
  const first = /^[\s(]*([\p{L}\p{N}_$]*)/u.exec(code)![1]!.toUpperCase();
  if (first !== 'SELECT' && first !== 'WITH') return 'must be a read statement starting with SELECT or WITH';
  const semicolon = code.indexOf(';');
  if (semicolon >= 0 && code.slice(semicolon + 1).trim() !== '') return 'must be a single statement (a ";" only at the very end)';
  const words = /[\p{L}\p{N}_$]+/gu;
  for (let m = words.exec(code); m; m = words.exec(code)) {
    const word = m[0].toUpperCase();
    if (FORBIDDEN.has(word)) {
      if (FUNCTIONS_TOO.has(word) && /^\s*\(/.test(code.slice(m.index + m[0].length))) continue;
      return `must only read: ${word} is not allowed`;
    }
    if (word === 'FOR') {
      const lock = /^\s+(SHARE|KEY)\b/i.exec(code.slice(m.index + 3));
      if (lock) return `must only read: FOR ${lock[1]!.toUpperCase()} is not allowed`;
    }
  }
  return undefined;
}

/**
 * Why `sql` is not a single read statement, or undefined when it is: after comments (`--`, `/* *\/`) and
 * literals ('...', "...", `...`, [...]) are removed it starts with SELECT or WITH, has no `;` but one at
 * the very end, and none of the forbidden keywords (nor FOR UPDATE / FOR SHARE), however a database reads it.
 */
export function readOnlySqlProblem(sql: string): string | undefined {
  // Only the readings the text can tell apart: most statements are read once.
  const backslash: Reading['backslash'][] = sql.includes('\\') ? ['none', 'all', 'e-strings'] : ['none'];
  const mysql = sql.includes('#') || sql.includes('--') ? [false, true] : [false];
  const brackets = sql.includes('[') ? [false, true] : [false];
  const checked = new Set<string>();
  for (const b of backslash) {
    for (const m of mysql) {
      for (const k of brackets) {
        const stripped = strip(sql, { backslash: b, mysql: m, brackets: k });
        if ('problem' in stripped) return stripped.problem;
        if (checked.has(stripped.code)) continue;
        checked.add(stripped.code);
        const problem = statementProblem(stripped.code);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

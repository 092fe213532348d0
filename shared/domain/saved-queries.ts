// An integration's saved queries: the SQL its on-premises agent runs against the legacy database, each
// naming what its rows are (patients, appointments, clinical records). The agent reads the whole set and
// replaces it whole (PUT); a reader always sees one whole set, never half of an old one and half of a
// new one (the storage design is in docs/data-model.md, pattern 41).
//
// The SQL is checked to be a single read statement (shared/domain/read-only-sql.ts). That check is a guard
// against mistakes and planted writes, not the security boundary: the agent runs each query in a read-only
// transaction with a read-only database account.
import * as z from 'zod/mini';
import { conflict, DomainError, invalid, notFound } from '#shared/domain/errors';
import { readOnlySqlProblem } from '#shared/domain/read-only-sql';
import { systemClock, type Clock } from '#shared/domain/time';
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
  now: Clock = systemClock,
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
  await repo.writeSet(aplicacaoId, integracaoId, versao, queries, now().toISOString());
  await repo.deleteOlder(aplicacaoId, integracaoId, versao);
  return { integracaoId, versao, total: queries.length };
}

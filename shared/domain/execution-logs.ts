// An integration's execution logs: what the on-premises agent reports after running its saved queries
// (which query, when, how many rows, how it ended). Kept 90 days, read by the application's admin newest
// first. A batch is checked whole before anything is written. The error text may quote the legacy
// system's data: it is stored and shown to the admin, never logged.
import * as z from 'zod/mini';
import { invalid } from '#shared/domain/errors';
import { isoInstant, parseIndexed } from '#shared/domain/saved-queries';

export const executionStatuses = ['SUCESSO', 'ERRO', 'PARCIAL'] as const;
export type ExecutionStatus = (typeof executionStatuses)[number];

export const MAX_LOGS_PER_BATCH = 100;
export const LOG_RETENTION_DAYS = 90;
export const MAX_ERROR_LENGTH = 4000;

export interface ExecutionLog {
  id: number;
  integracaoId: number;
  queryId: number | null;
  /** The query's name. */
  query: string;
  /** ISO instants (UTC), as the agent reported them. */
  inicio: string;
  fim: string;
  linhasLidas: number;
  status: ExecutionStatus;
  erro: string | null;
  /** ISO instant the service received the batch. */
  recebidoEm: string;
}

const execution = z.object({
  queryId: z._default(z.nullable(z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER))), null),
  query: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  inicio: isoInstant,
  fim: isoInstant,
  linhasLidas: z.int().check(z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
  status: z.enum(executionStatuses),
  erro: z._default(z.nullable(z.string().check(z.maxLength(MAX_ERROR_LENGTH))), null),
});

export const batch = z.object({
  integracaoId: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  execucoes: z.array(execution).check(z.minLength(1), z.maxLength(MAX_LOGS_PER_BATCH)),
});

export type ExecutionBatch = z.infer<typeof batch>;

/** The POST body, every item checked (400 naming `execucoes[i].field`) before anything is written. */
export function parseExecutionBatch(body: unknown): ExecutionBatch {
  const parsed = parseIndexed(batch, body);
  parsed.execucoes.forEach((e, i) => {
    if (e.fim < e.inicio) throw invalid(`execucoes[${i}].fim must not be before inicio`, `execucoes[${i}].fim`);
    if (e.status === 'ERRO' && (e.erro === null || e.erro.trim() === '')) {
      throw invalid(`execucoes[${i}].erro is required when status is ERRO`, `execucoes[${i}].erro`);
    }
  });
  return parsed;
}

/** Epoch seconds at which the store drops a log received at `recebidoEm`. */
export const expiresAtOf = (recebidoEm: Date): number => Math.floor(recebidoEm.getTime() / 1000) + LOG_RETENTION_DAYS * 86_400;

export interface ExecutionLogPage {
  content: ExecutionLog[];
  /** Opaque; null on the last page. */
  proximoCursor: string | null;
}

export interface ExecutionLogRepository {
  newId(): Promise<number>;
  /** Puts every log (with its TTL), retrying what the store leaves unprocessed. */
  append(aplicacaoId: number, logs: ExecutionLog[]): Promise<void>;
  /** Newest first, `limite` of them after `cursor` (a previous page's `proximoCursor`); a malformed cursor is a 400. */
  page(aplicacaoId: number, integracaoId: number, limite: number, cursor: string | undefined): Promise<ExecutionLogPage>;
}

/** Stores a checked batch; answers how many were received. */
export async function recordExecutions(
  repo: ExecutionLogRepository,
  aplicacaoId: number,
  input: ExecutionBatch,
  now: Date,
): Promise<number> {
  const recebidoEm = now.toISOString();
  const logs: ExecutionLog[] = [];
  for (const e of input.execucoes) logs.push({ id: await repo.newId(), integracaoId: input.integracaoId, ...e, recebidoEm });
  await repo.append(aplicacaoId, logs);
  return logs.length;
}

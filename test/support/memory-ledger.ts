// An application's ledger in memory, for the domain's unit tests: the move as DynamoDB serializes it (one
// balance, a sequence, a debit refused below zero), the entries and the writes that went with each, and
// on demand, entry writes that lose races, that find their entry taken, or whose extras are refused.
import { DomainError, notFound } from '#shared/domain/errors';
import type { LedgerRepository, MoveDetails, Recorded, StatementEntry } from '#shared/domain/ledger';
import { fromCents, toCents } from '#shared/domain/money';
import type { PreparedWrite } from '#shared/domain/unit-of-work';

/** A repository's prepared write, described by a string the test can read back. */
export const prepared = (description: string) => description as unknown as PreparedWrite;

export interface MemoryLedgerOptions {
  /** Entry writes that lose a race (on an extra item) before one goes through. */
  races?: number;
  /** The refusal the next entry write with extras gets (an extra's own condition). */
  refuseExtras?: unknown;
  /** The entry is there already (the reconciler wrote it). */
  taken?: boolean;
}

export function memoryLedger(saldo: string | undefined, options: MemoryLedgerOptions = {}) {
  let state = saldo === undefined ? undefined : { saldo, id: 0 };
  const moves: MoveDetails[] = [];
  const increments: Readonly<Record<string, number>>[] = [];
  const entries: StatementEntry[] = [];
  /** The writes (their descriptions) that went with each entry, in the entries' order. */
  const writes: unknown[][] = [];
  const orphans = new Set<number>();
  const markers = new Set<number>();
  let races = options.races ?? 0;
  let refusal = options.refuseExtras;
  let recordCalls = 0;
  const repo: LedgerRepository = {
    async move(_, details, increment) {
      if (!state) throw notFound('application');
      const balance = toCents(state.saldo);
      const valor = toCents(details.valor);
      if (details.tipo === 'DEBIT' && balance < valor) {
        throw new DomainError('insufficient_balance', 'Insufficient balance', { saldo: state.saldo });
      }
      state = { saldo: fromCents(details.tipo === 'DEBIT' ? balance - valor : balance + valor), id: state.id + 1 };
      moves.push(details);
      if (increment) increments.push(increment);
      return { id: state.id, saldo: state.saldo };
    },
    async record(_, entry, extra = [], orphan = false): Promise<Recorded> {
      recordCalls++;
      if (options.taken || entries.some((e) => e.id === entry.id)) return 'taken';
      if (races > 0) {
        races--;
        return 'raced';
      }
      if (refusal !== undefined && extra.length > 0) {
        const refused: unknown = refusal;
        refusal = undefined;
        return { refused };
      }
      entries.push(entry);
      writes.push(extra.map((w) => w.write));
      if (orphan) orphans.add(entry.id);
      for (const w of extra) {
        const marker = /^marker (\d+)$/.exec(w.write as unknown as string);
        if (marker) markers.add(Number(marker[1]));
      }
      return 'recorded';
    },
    markerWrite: (_, lancamentoId) => ({ write: prepared(`marker ${lancamentoId}`) }),
    isRefunded: async (_, lancamentoId) => markers.has(lancamentoId),
  };
  return {
    repo,
    moves,
    increments,
    entries,
    writes,
    orphans,
    markers,
    state: () => state && { saldo: state.saldo, ultimoLancamentoId: state.id },
    recordCalls: () => recordCalls,
  };
}

// The balance item's moves after they are written (shared/domain/ledger.ts): the change stream's follower
// keeps the statement days in chain order and notes the moves whose entry is not there yet; the reconciler
// writes, once they are due, the entries that no function wrote (its function died between its two writes)
// and settles them (docs/decisions.md, "One debit path").
import { settleOrphanMove, type BalanceMove, type LedgerRepository, type MoveFollower } from '#shared/domain/ledger';
import { log } from '#shared/log';

/**
 * How long after its move an entry is still its own function's to write: beyond the entry's whole budget
 * (shared/domain/send-budget.ts, debitMs), so the reconciler only takes moves whose function is gone.
 */
export const ORPHAN_AFTER_MS = 30_000;

/** Follows a batch of the stream's moves (in order): their statement days, and the moves left without an entry. */
export async function followMoves(follower: MoveFollower, moves: readonly BalanceMove[], now: Date): Promise<{ gaps: number }> {
  const byApplication = new Map<number, BalanceMove[]>();
  for (const move of moves) {
    const ofApplication = byApplication.get(move.aplicacaoId) ?? [];
    if (ofApplication.length === 0) byApplication.set(move.aplicacaoId, ofApplication);
    ofApplication.push(move);
  }
  for (const [aplicacaoId, ofApplication] of byApplication) {
    await follower.addToDays(
      aplicacaoId,
      ofApplication.map((m) => m.entry),
    );
  }
  const missing = await follower.withoutEntry(moves);
  if (missing.length > 0) await follower.addGaps(missing, new Date(now.getTime() + ORPHAN_AFTER_MS));
  return { gaps: missing.length };
}

/** Moves written per shard and run at most; a larger backlog goes on at the next run. */
export const GAP_LIMIT = 100;

/** Writes the entries of the due moves that still have none, and settles them; returns how many it wrote. */
export async function settleGaps(deps: { ledger: LedgerRepository; follower: MoveFollower }, now: Date): Promise<number> {
  let written = 0;
  for (const gap of await deps.follower.dueGaps(now, GAP_LIMIT)) {
    try {
      if (await settleOrphanMove(deps.ledger, deps.follower, gap)) {
        written++;
        log.warn('a move without its entry was written by the reconciler', {
          aplicacaoId: gap.aplicacaoId,
          lancamentoId: gap.entry.id,
          referenciaTipo: gap.entry.referenciaTipo,
          seOrfao: gap.seOrfao,
        });
      }
      await deps.follower.dropGap(gap);
    } catch (error) {
      // The table busy or unreachable: the gap stays, the next run tries again.
      log.error('a move without its entry could not be settled', { aplicacaoId: gap.aplicacaoId, lancamentoId: gap.entry.id, error });
    }
  }
  return written;
}

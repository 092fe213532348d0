// Fired every minute: settles the sends that no function settled (the reconciler's index, pattern
// 35). A send's function that stopped between its debit and its settling, or ran out of budget for
// it, leaves a QUEUED message with its entry; once the entry's time is past (the function's timeout
// plus time for the provider's first status callback, shared/domain/send-budget.ts) the message is
// FAILED and its charge given back, exactly once, unless a callback settled it as SENT meanwhile.
// Its cost grows with the sends left unsettled, not with all messages.
// It also writes the statement entries of the balance moves whose function died before writing them
// (pattern 4d, shared/operations/ledger-moves.ts), and gives back the sends among them.
import { dynamoSendIdempotency } from '#shared/db/idempotency';
import { dynamoLedgerRepository } from '#shared/db/ledger';
import { dynamoMoveFollower } from '#shared/db/ledger-moves';
import { settleGaps } from '#shared/operations/ledger-moves';
import { dynamoMessageRepository } from '#shared/db/messages';
import { reconcileSend, type Reconciled } from '#shared/operations/send-reconciler';
import { log, withLambdaLog } from '#shared/log';
import { putMetric } from '#shared/metrics';

const messages = dynamoMessageRepository();
const ledger = dynamoLedgerRepository();
const deps = { messages, ledger, idempotency: dynamoSendIdempotency() };
const follower = dynamoMoveFollower();

/** Entries read per shard and run at most; a larger backlog goes on at the next run. */
export const RECONCILE_LIMIT = 100;

/** Settles every send due at `now`; returns how many were failed (and refunded) and how many were settled already. */
export async function reconcileSends(now = new Date()): Promise<Record<Reconciled, number>> {
  const counts: Record<Reconciled, number> = { failed: 0, settled: 0 };
  for (const pending of await messages.pendingSends(now, RECONCILE_LIMIT)) {
    try {
      counts[await reconcileSend(deps, pending, now)]++;
    } catch (error) {
      // The table busy or unreachable: the entry stays, the next run tries again.
      log.error('an unsettled send could not be reconciled', { ...pending, error });
    }
  }
  if (counts.failed > 0) putMetric('UnsettledSendsRefunded', counts.failed, { unit: 'Count' });
  if (counts.failed + counts.settled > 0) log.info('sends reconciled', counts);
  return counts;
}

export const handler = withLambdaLog(async (): Promise<void> => {
  // The entries first: a send whose move had no entry is given back there, and has no message to settle.
  const written = await settleGaps({ ledger, follower }, new Date());
  if (written > 0) putMetric('OrphanMovesSettled', written, { unit: 'Count' });
  await reconcileSends();
});

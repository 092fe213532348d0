// Fired every minute: sends the scheduled messages whose time came (#35; the due index, pattern 35a), each through
// the ordinary send with its own id (shared/operations/scheduled-sends.ts): the tariff in force, the debit and its
// statement entry, the provider's call, the compensation of a failure, the reconciler. The message leaves SCHEDULED in
// the debit's commit, conditioned on it, so two overlapping runs (or a run after one that died) send it once. A
// balance short then fails it, nothing charged. Its cost grows with what is due, not with what is scheduled.
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { sendDueMessage, type DueOutcome } from '#shared/operations/scheduled-sends';
import { scheduleDeps } from '#shared/wiring/send';
import { log, withLambdaLog } from '#shared/log';
import { putMetric } from '#shared/metrics';
import { inParallel } from '#shared/parallel';

// Its sends call the provider with the application's provider secret (shared/providers/secrets.ts).
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });
needsConfig('providerSecretPrefix');

const deps = scheduleDeps();

/** Due entries read per shard and run at most; a larger backlog goes on at the next run. */
export const DUE_LIMIT = 100;
/** Sends under way at once (each waits on its provider; one application's debits queue in-process anyway). */
const CONCURRENCY = 8;

/** Sends every scheduled message due at `now`; returns what became of them. */
export async function sendDueMessages(now = new Date()): Promise<Record<DueOutcome, number>> {
  const counts: Record<DueOutcome, number> = { sent: 0, failed: 0, refused: 0, gone: 0 };
  const due = await deps.scheduled.due(now, DUE_LIMIT);
  await inParallel(due, CONCURRENCY, async (entry) => {
    try {
      counts[await sendDueMessage(deps, entry)]++;
    } catch (error) {
      // The table busy, the balance racing past the budget: the entry stays, the next run tries again.
      log.error('a scheduled send could not be made; the next run tries again', { ...entry, error });
    }
  });
  if (counts.refused > 0) putMetric('ScheduledSendsRefused', counts.refused, { unit: 'Count' });
  if (due.length > 0) log.info('scheduled sends', counts);
  return counts;
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await sendDueMessages();
});

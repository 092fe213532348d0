// Fired every minute: retries the RFC 3161 stamps still pending (pattern 48a, docs/stamps.md): those whose TSA did
// not answer, or answered something refused, when the stream follower (functions/streams/stamps.ts) first asked.
// Only stamps older than STAMP_RETRY_AFTER_MS, so the follower gets the first try. Logs how many are still pending.
import { stampAll } from '#shared/operations/stamps';
import { stampingDeps } from '#shared/wiring/stamps';
import { log, withLambdaLog } from '#shared/log';
import { putMetric } from '#shared/metrics';

/** Stamps taken per run; a larger backlog goes on at the next run. */
export const STAMP_RETRY_LIMIT = 50;
/** A stamp younger than this is the stream follower's. */
export const STAMP_RETRY_AFTER_MS = 30_000;

/** Stamps the pending stamps created before `now - STAMP_RETRY_AFTER_MS`; the outcomes counted, PENDENTE those still left. */
export async function retryPendingStamps(now = new Date()) {
  const deps = stampingDeps();
  const cutoff = new Date(now.getTime() - STAMP_RETRY_AFTER_MS).toISOString();
  const due = (await deps.stamps.pending(STAMP_RETRY_LIMIT)).filter((s) => s.criadoEm < cutoff);
  const counts = await stampAll(deps, due);
  const PENDENTE = (await deps.stamps.pending(STAMP_RETRY_LIMIT)).length;
  if (PENDENTE > 0) {
    putMetric('PendingTimeStamps', PENDENTE, { unit: 'Count' });
    log.warn('time stamps still pending (the TSA did not stamp them yet)', { ...counts, PENDENTE });
  } else if (counts.CARIMBADO > 0) log.info('pending time stamps stamped', counts);
  return { ...counts, PENDENTE };
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await retryPendingStamps();
});

// Fired every 15 minutes. Today: the outbox's safety net. An appointment move commits its event
// (pattern 24) and then queues it; a function that stopped in between leaves the event pending, and
// this queues it again (the fan-out is idempotent, so an event queued twice is delivered once per
// subscription). Reminders and no-reply timeouts are built by the appointments issue.
import { adapter, awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { log, withLambdaLog } from '#shared/log';

awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('outboundWebhooksQueueUrl');

/** An event younger than this is still in the hands of the request that committed it. */
export const PENDING_GRACE_MS = 2 * 60_000;
/** Events re-queued per run at most; a larger backlog goes on at the next run (they leave the index once fanned out). */
export const REQUEUE_LIMIT = 500;

/** Queues again the events committed before `now - grace` that no consumer has fanned out; returns how many. */
export async function requeuePendingEvents(now = new Date(), graceMs = PENDING_GRACE_MS): Promise<number> {
  const before = new Date(now.getTime() - graceMs).toISOString();
  const pending = await dynamoOutboundEventRepository().listPending(before, REQUEUE_LIMIT);
  const queue = await adapter('queue');
  for (const { aplicacaoId, eventId } of pending) {
    await queue.send('outboundWebhooks', { kind: 'evento', aplicacaoId, eventId }, { dedupeId: eventId });
  }
  if (pending.length > 0) log.warn('outbound events left pending were queued again', { count: pending.length });
  return pending.length;
}

export const handler = withLambdaLog(async (): Promise<void> => {
  await requeuePendingEvents();
  log.warn('appointment communication sweep is not implemented yet (reminders, no-reply timeouts)');
});

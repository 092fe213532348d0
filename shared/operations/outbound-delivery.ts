// Outbound webhooks' delivery, the use case behind the outbound-webhooks queue (docs/appointments.md,
// "Outbound webhooks"; the consumer is functions/consumers/outbound-webhooks.ts). Two kinds of work:
// - `evento`: an appointment move's event (the outbox, pattern 24). Fan-out: one delivery record per
//   active subscription of the provider that wants the event (idempotent: one per event and
//   subscription), one `entrega` message each, then the event leaves the pending index.
// - `entrega`: one attempt of one delivery, due at `dueAt`. Early: the message is sent again with a
//   delay of at most 900 s (SQS's limit) and nothing is read. Due: the record decides (a message of an
//   attempt already made is dropped), the target is checked again (SSRF), the POST is signed with the
//   Standard Webhooks headers, and the outcome is written conditioned on the attempts read; a retry is
//   the next message, with its own `dueAt`.
// The receivers' failures are the schedule's business; the queue's own retries and DLQ are for this
// consumer's failures (the table or the queue unreachable).
import type { OutboundWebhookWork } from '#events/outbound-webhook-queue';
import type { QueuePort } from '#shared/adapters/ports';
import type { WebhookPost } from '#shared/adapters/webhook-http';
import { config } from '#shared/config';
import type { OutboundEventRepository } from '#shared/domain/outbound-webhooks/outbox';
import { DomainError } from '#shared/domain/errors';
import {
  abandonDelivery,
  deliveriesFor,
  hopDelaySeconds,
  nextAttempt,
  parseRetrySchedule,
  svixRetrySchedule,
  type AttemptOutcome,
  type RetrySchedule,
  type WebhookDelivery,
  type WebhookDeliveryRepository,
} from '#shared/domain/outbound-webhooks/deliveries';
import {
  checkWebhookTarget,
  type CheckedTarget,
  type ResolveHost,
  type WebhookTargetPolicy,
} from '#shared/domain/outbound-webhooks/target-urls';
import type { WebhookSubscription, WebhookSubscriptionRepository } from '#shared/domain/outbound-webhooks/subscriptions';
import { log } from '#shared/log';
import type { Clock } from '#shared/domain/time';
import { signStandardWebhook } from '#shared/providers/signatures';

let parsedSchedule: { text: string | undefined; schedule: RetrySchedule } | undefined;

/** The configured schedule (WEBHOOK_RETRY_SCHEDULE), Svix's when unset; parsed again only when the text changes. */
export function retrySchedule(): RetrySchedule {
  const text = config().webhookRetrySchedule;
  if (!parsedSchedule || parsedSchedule.text !== text) {
    let schedule: RetrySchedule;
    try {
      schedule = text === undefined ? svixRetrySchedule : parseRetrySchedule(text);
    } catch (error) {
      throw new Error(`WEBHOOK_RETRY_SCHEDULE: ${(error as Error).message}`, { cause: error });
    }
    parsedSchedule = { text, schedule };
  }
  return parsedSchedule.schedule;
}

export interface OutboundWebhookDeps {
  events: OutboundEventRepository;
  subscriptions: WebhookSubscriptionRepository;
  deliveries: WebhookDeliveryRepository;
  /** The outbound-webhooks queue: a delivery's attempts, hops and retries. */
  queue: QueuePort;
  now: Clock;
  schedule: () => RetrySchedule;
  resolve: ResolveHost;
  policy: () => WebhookTargetPolicy;
  post: (target: CheckedTarget, post: WebhookPost) => Promise<AttemptOutcome>;
  /** The subscription's signing key in clear (the secret store's version the item names: webhookSigningSecret). */
  signingSecret: (subscription: WebhookSubscription) => Promise<string>;
}

type DeliveryWork = Extract<OutboundWebhookWork, { kind: 'entrega' }>;

/** The message of a pending delivery's next attempt, sent with the first hop's delay. */
async function enqueueAttempt(deps: OutboundWebhookDeps, delivery: WebhookDelivery, now: Date): Promise<void> {
  const dueAt = delivery.nextAttemptAt ?? now.getTime();
  const message: DeliveryWork = {
    kind: 'entrega',
    aplicacaoId: delivery.aplicacaoId,
    webhookId: delivery.webhookId,
    eventId: delivery.eventId,
    attempt: delivery.attempts + 1,
    dueAt,
  };
  await send(deps, message, now);
}

const send = async (deps: OutboundWebhookDeps, message: DeliveryWork, now: Date) =>
  deps.queue.send('outboundWebhooks', message, {
    delaySeconds: hopDelaySeconds(message.dueAt, now),
    dedupeId: `${message.eventId}.${message.webhookId}#${message.attempt}`,
  });

/** `evento`: one delivery per subscription that wants the event, one message each, then the event is published. */
async function fanOut(deps: OutboundWebhookDeps, message: { aplicacaoId: number; eventId: string }): Promise<void> {
  const event = await deps.events.get(message.aplicacaoId, message.eventId);
  if (!event) {
    // Events are written in the move's own transaction: a missing one is a message for another table.
    log.error('outbound event not found; message dropped', { aplicacaoId: message.aplicacaoId, eventId: message.eventId });
    return;
  }
  const subscriptions = await deps.subscriptions.listByProvider(event.aplicacaoId, event.prestadorId);
  const now = deps.now();
  const deliveries = deliveriesFor(subscriptions, event.payload, event.eventId, now, deps.schedule());
  for (const delivery of deliveries) {
    let pending = delivery;
    if ((await deps.deliveries.create(delivery)) === 'exists') {
      // A repeated fan-out (this message again, or the sweep's): the first may have stopped before
      // sending the delivery's message, so one that has not been attempted yet is sent again (a
      // duplicate message is dropped by the attempt check).
      const stored = await deps.deliveries.get(delivery.aplicacaoId, delivery.webhookId, delivery.eventId);
      if (!stored || stored.state !== 'pending' || stored.attempts > 0) continue;
      pending = stored;
    }
    await enqueueAttempt(deps, pending, now);
  }
  await deps.events.markPublished(event.aplicacaoId, event.eventId);
  log.info('outbound event fanned out', { eventId: event.eventId, evento: event.payload.type, deliveries: deliveries.length });
}

/** The signed POST of one attempt, or the reason it could not be made; never throws for the receiver's sake. */
async function attempt(
  deps: OutboundWebhookDeps,
  subscription: WebhookSubscription,
  secret: string,
  delivery: WebhookDelivery,
): Promise<AttemptOutcome> {
  try {
    const target = await checkWebhookTarget(subscription.url, deps.resolve, deps.policy());
    const body = JSON.stringify(delivery.payload);
    // Signed anew at every attempt: the timestamp is this attempt's (receivers refuse stale ones).
    const timestamp = Math.floor(deps.now().getTime() / 1000);
    return await deps.post(target, {
      headers: {
        'content-type': 'application/json',
        'user-agent': `${config().serviceName}-webhooks`,
        'webhook-id': delivery.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signStandardWebhook({ secret, id: delivery.eventId, timestamp, body }),
      },
      body,
    });
  } catch (error) {
    if (error instanceof DomainError) return { error: `target refused: ${error.message}` };
    return { error: (error as Error)?.message ?? String(error) };
  }
}

/** `entrega`: hop until due, then one attempt, recorded once. */
async function deliver(deps: OutboundWebhookDeps, message: DeliveryWork, receiveCount: number): Promise<void> {
  const now = deps.now();
  if (hopDelaySeconds(message.dueAt, now) > 0) {
    await send(deps, message, now);
    return;
  }
  const { aplicacaoId, webhookId, eventId } = message;
  const context = { deliveryId: `${eventId}.${webhookId}`, attempt: message.attempt };
  const delivery = await deps.deliveries.get(aplicacaoId, webhookId, eventId);
  if (!delivery || delivery.state !== 'pending') {
    log.info('webhook delivery message dropped: the delivery is final or unknown', { ...context, state: delivery?.state });
    return;
  }
  if (delivery.attempts === message.attempt && receiveCount > 1) {
    // This message's attempt was recorded, then the consumer failed (the follow-up's send, a
    // timeout): the follow-up may be missing, so it is sent now.
    await enqueueAttempt(deps, delivery, now);
    return;
  }
  if (delivery.attempts !== message.attempt - 1) {
    log.info('webhook delivery message dropped: its attempt was already made', { ...context, attempts: delivery.attempts });
    return;
  }
  const from = { attempts: delivery.attempts, state: delivery.state };

  const subscription = await deps.subscriptions.get(aplicacaoId, webhookId);
  if (!subscription || !subscription.ativo) {
    const reason = subscription ? 'webhook deactivated' : 'webhook deleted';
    await deps.deliveries.save(abandonDelivery(delivery, reason, now), from);
    log.info('webhook delivery given up', { ...context, reason });
    return;
  }

  // Our side, not the receiver's: a key that cannot be read fails this message (the queue retries it, then its DLQ),
  // and no attempt is recorded.
  const secret = await deps.signingSecret(subscription);
  const started = deps.now().getTime();
  const outcome = { ...(await attempt(deps, subscription, secret, delivery)), durationMs: deps.now().getTime() - started };
  const decision = nextAttempt(delivery, outcome, deps.now(), deps.schedule());
  if (!(await deps.deliveries.save(decision.delivery, from))) {
    log.info('webhook delivery attempt already recorded by another consumer', context);
    return;
  }
  const status = 'status' in outcome ? outcome.status : null;
  const fields = { ...context, evento: delivery.evento, status, decision: decision.decision };
  if (decision.decision === 'failed') log.warn('webhook delivery failed for good', { ...fields, error: decision.delivery.lastError });
  else log.info('webhook delivery attempt', fields);
  if (decision.decision === 'retry') await enqueueAttempt(deps, decision.delivery, deps.now());
}

/** One message of the queue: an event's fan-out, or one delivery's attempt (`receiveCount`: SQS's ApproximateReceiveCount). */
export function deliverOutboundWork(deps: () => OutboundWebhookDeps) {
  return async (message: OutboundWebhookWork, receiveCount: number): Promise<void> =>
    message.kind === 'evento' ? fanOut(deps(), message) : deliver(deps(), message, receiveCount);
}

// The outbound-webhooks queue's consumer: each message to the delivery use case
// (shared/operations/outbound-delivery.ts: an event's fan-out, or one attempt of one delivery).
// The receivers' failures are the schedule's business; the queue's own retries and DLQ are for this
// consumer's failures (the table or the queue unreachable).
import type { SQSRecord } from 'aws-lambda';
import { outboundWebhookWork, type OutboundWebhookWork } from '#events/outbound-webhook-queue';
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { postWebhook, resolveHost, webhookTargetPolicy } from '#shared/adapters/webhook-http';
import { config, needsConfig } from '#shared/config';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { dynamoWebhookDeliveryRepository, dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { systemClock } from '#shared/domain/time';
import { withLambdaLog } from '#shared/log';
import { deliverOutboundWork, retrySchedule, type OutboundWebhookDeps } from '#shared/operations/outbound-delivery';
import { webhookSigningSecret } from '#shared/secrets/webhooks';
import { queueConsumer, type Lanes } from '#shared/queue/consumer';

awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The webhooks' signing keys (shared/secrets/webhooks.ts), through the secrets extension.
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
// It sends its own follow-up messages (hops, retries, the deliveries of a fan-out) and signs with the webhooks' keys.
needsConfig('outboundWebhooksQueueUrl', 'webhookSecretPrefix');

// A schedule that does not parse fails the cold start, naming its variable.
if (config().inLambda) retrySchedule();

let wired: OutboundWebhookDeps | undefined;
/** The delivery's DynamoDB repositories, queue, HTTP and signing keys, made once per container on the first message. */
const dynamoDeps = (): OutboundWebhookDeps =>
  (wired ??= {
    events: dynamoOutboundEventRepository(),
    subscriptions: dynamoWebhookSubscriptionRepository(),
    deliveries: dynamoWebhookDeliveryRepository(),
    queue: queuePort,
    now: systemClock,
    schedule: retrySchedule,
    resolve: resolveHost,
    policy: webhookTargetPolicy,
    post: (target, post) => postWebhook(target, post),
    signingSecret: webhookSigningSecret,
  });

export function outboundWebhookProcessor(deps: () => OutboundWebhookDeps = dynamoDeps) {
  const deliverWork = deliverOutboundWork(deps);
  return async (message: OutboundWebhookWork, record: Pick<SQSRecord, 'attributes'>): Promise<void> =>
    deliverWork(message, Number(record.attributes?.ApproximateReceiveCount ?? '1') || 1);
}

/**
 * A batch's deliveries go out side by side, at most two at a time to one receiver (a subscription): a slow or dead
 * receiver holds only its own deliveries, each for at most the POST's timeout, never another receiver's.
 */
export const RECEIVER_CONCURRENCY = 2;
export const deliveryLanes: Lanes<OutboundWebhookWork> = {
  laneOf: (m) => (m.kind === 'entrega' ? `receiver:${m.aplicacaoId}:${m.webhookId}` : `event:${m.eventId}`),
  perLane: RECEIVER_CONCURRENCY,
};

export const outboundWebhookConsumer = (deps?: () => OutboundWebhookDeps) =>
  queueConsumer('outboundWebhooks', outboundWebhookWork, outboundWebhookProcessor(deps), deliveryLanes);

export const handler = withLambdaLog(outboundWebhookConsumer());

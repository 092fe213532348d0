import { outboundWebhookDelivery } from '#events/queue-messages';
import { notImplementedProcessor, queueConsumer } from '#shared/queue/consumer';

export const handler = queueConsumer(
  'outboundWebhooks',
  outboundWebhookDelivery,
  notImplementedProcessor('outbound webhook delivery'),
);

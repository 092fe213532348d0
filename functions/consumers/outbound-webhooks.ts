import { outboundWebhookWork } from '#events/queue-messages';
import { withLambdaLog } from '#shared/log';
import { notImplementedProcessor, queueConsumer } from '#shared/queue/consumer';

export const handler = withLambdaLog(
  queueConsumer('outboundWebhooks', outboundWebhookWork, notImplementedProcessor('outbound webhook delivery')),
);

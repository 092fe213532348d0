import { statusCallback } from '#events/queue-messages';
import { notImplementedProcessor, queueConsumer } from '#shared/queue/consumer';

export const handler = queueConsumer('status', statusCallback, notImplementedProcessor('delivery-status processing'));

import { inboundMessage } from '#events/queue-messages';
import { notImplementedProcessor, queueConsumer } from '#shared/queue/consumer';

export const handler = queueConsumer('inbound', inboundMessage, notImplementedProcessor('inbound message processing'));

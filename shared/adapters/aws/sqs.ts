import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config, queueUrlName, requireConfig } from '#shared/config';
import type { QueuePort } from '#shared/adapters/ports';

export function sqsQueue(client = new SQSClient({ region: config().region })): QueuePort {
  return {
    async send(queue, message, options = {}) {
      const name = queueUrlName(queue);
      const url = requireConfig(name)[name];
      await client.send(
        new SendMessageCommand({
          QueueUrl: url,
          MessageBody: JSON.stringify(message),
          DelaySeconds: options.delaySeconds,
          MessageAttributes: options.dedupeId ? { dedupeId: { DataType: 'String', StringValue: options.dedupeId } } : undefined,
        }),
      );
    },
  };
}

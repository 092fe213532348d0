import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { config } from '#shared/config';
import type { QueuePort } from '#shared/adapters/ports';

export function sqsQueue(client = new SQSClient({ region: config().region })): QueuePort {
  return {
    async send(queue, message, options = {}) {
      const url = config().queueUrls[queue];
      if (!url) throw new Error(`queue ${queue} has no URL configured`);
      await client.send(
        new SendMessageCommand({
          QueueUrl: url,
          MessageBody: JSON.stringify(message),
          DelaySeconds: options.delaySeconds,
          MessageAttributes: options.dedupeId
            ? { dedupeId: { DataType: 'String', StringValue: options.dedupeId } }
            : undefined,
        }),
      );
    },
  };
}

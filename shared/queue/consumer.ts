// SQS consumers report partial batch failures: a record that fails is retried (and lands in
// the DLQ after maxReceiveCount); the others of the batch are not processed again.
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { log, withLogContext } from '#shared/log';

export type RecordProcessor<T> = (message: T, record: SQSRecord) => Promise<void>;

export function queueConsumer<S extends z.ZodMiniType>(name: string, schema: S, process: RecordProcessor<z.infer<S>>) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      await withLogContext({ consumer: name, messageId: record.messageId }, async () => {
        let body: unknown;
        try {
          body = JSON.parse(record.body);
        } catch {
          body = undefined;
        }
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          // A malformed message will never succeed: drop it loudly rather than retry it forever.
          log.error('dropped malformed queue message', { issues: parsed.error.issues.map((i) => i.path.join('.')) });
          return;
        }
        try {
          await process(parsed.data, record);
        } catch (error) {
          // A warning: SQS retries it; one that keeps failing reaches the DLQ, which is what an alarm watches.
          log.warn('queue message failed, will be retried', { error, receiveCount: record.attributes?.ApproximateReceiveCount });
          batchItemFailures.push({ itemIdentifier: record.messageId });
        }
      });
    }
    return { batchItemFailures };
  };
}

/** A processor for work not built yet: the message stays on the queue and reaches the DLQ, visibly. */
export const notImplementedProcessor = (what: string) => async () => {
  throw new Error(`${what} is not implemented yet`);
};

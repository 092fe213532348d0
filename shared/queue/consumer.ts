// SQS consumers report partial batch failures: a record that fails is retried (and lands in
// the DLQ after maxReceiveCount); the others of the batch are not processed again. Records are
// processed one after the other, or, given lanes, the lanes side by side and at most `perLane` of a
// lane at a time (the outbound webhooks: one slow receiver must not hold the others' deliveries).
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod/mini';
import { log, withLogContext } from '#shared/log';

export type RecordProcessor<T> = (message: T, record: SQSRecord) => Promise<void>;

export interface Lanes<T> {
  /** The lane of a message (e.g. its receiver); a malformed message has a lane of its own. */
  laneOf: (message: T) => string;
  /** How many messages of one lane are processed at the same time. */
  perLane: number;
}

export function queueConsumer<S extends z.ZodMiniType>(
  name: string,
  schema: S,
  process: RecordProcessor<z.infer<S>>,
  lanes?: Lanes<z.infer<S>>,
) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    const items = event.Records.map((record) => {
      let body: unknown;
      try {
        body = JSON.parse(record.body);
      } catch {
        body = undefined;
      }
      return { record, parsed: schema.safeParse(body) };
    });
    type Item = (typeof items)[number];
    const handle = ({ record, parsed }: Item) =>
      withLogContext({ consumer: name, messageId: record.messageId }, async () => {
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
    if (!lanes) {
      for (const item of items) await handle(item);
    } else {
      const byLane = new Map<string, Item[]>();
      for (const item of items) {
        const lane = item.parsed.success ? lanes.laneOf(item.parsed.data) : `malformed:${item.record.messageId}`;
        byLane.set(lane, [...(byLane.get(lane) ?? []), item]);
      }
      const worker = async (queue: Item[]) => {
        for (let item = queue.shift(); item; item = queue.shift()) await handle(item);
      };
      await Promise.all(
        [...byLane.values()].flatMap((queue) => Array.from({ length: Math.min(lanes.perLane, queue.length) }, () => worker(queue))),
      );
    }
    return { batchItemFailures };
  };
}

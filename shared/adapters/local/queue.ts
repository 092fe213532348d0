// The queues under `npm start`: messages wait in memory, in this process. The runner in
// infra/local/queues.ts receives them in batches and feeds the real consumer handlers, with
// SQS's visibility timeout, receive count and dead-letter semantics.
import { createHash, randomUUID } from 'node:crypto';
import type { SQSMessageAttributes } from 'aws-lambda';
import type { QueuePort } from '#shared/adapters/ports';
import type { QueueName } from '#shared/queues';
import { systemClock, type Clock } from '#shared/domain/time';

export interface LocalQueueMessage {
  messageId: string;
  queue: QueueName;
  body: string;
  messageAttributes: SQSMessageAttributes;
  md5OfBody: string;
  sentAt: number;
  /** Epoch ms from which the message may be received (delay, or visibility timeout after a receive). */
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt?: number;
  /** Changes at every receive, like SQS's receipt handle. */
  receiptHandle?: string;
}

/** SQS's upper bound for DelaySeconds. */
export const MAX_DELAY_SECONDS = 900;

export class LocalQueues implements QueuePort {
  private readonly messages = new Map<QueueName, LocalQueueMessage[]>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: Clock = systemClock) {}

  async send(queue: QueueName, message: unknown, options: { dedupeId?: string; delaySeconds?: number } = {}): Promise<void> {
    const delay = options.delaySeconds ?? 0;
    if (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS) {
      throw new Error(`delaySeconds must be an integer from 0 to ${MAX_DELAY_SECONDS}`);
    }
    const body = JSON.stringify(message);
    if (body === undefined) throw new Error('queue message is not serialisable');
    const messageAttributes: SQSMessageAttributes = {};
    if (options.dedupeId) {
      messageAttributes.dedupeId = { dataType: 'String', stringValue: options.dedupeId, stringListValues: [], binaryListValues: [] };
    }
    const now = this.now().getTime();
    this.list(queue).push({
      messageId: randomUUID(),
      queue,
      body,
      messageAttributes,
      md5OfBody: createHash('md5').update(body).digest('hex'),
      sentAt: now,
      visibleAt: now + delay * 1000,
      receiveCount: 0,
    });
    for (const listener of this.listeners) listener();
  }

  /** Receives up to `max` visible messages and hides them for `visibilityTimeoutMs`. */
  receive(queue: QueueName, max: number, visibilityTimeoutMs: number): LocalQueueMessage[] {
    const now = this.now().getTime();
    const batch = this.list(queue)
      .filter((m) => m.visibleAt <= now)
      .slice(0, max);
    for (const m of batch) {
      m.receiveCount += 1;
      m.firstReceivedAt ??= now;
      m.visibleAt = now + visibilityTimeoutMs;
      m.receiptHandle = randomUUID();
    }
    return batch;
  }

  /** Deletes a received message (the consumer processed it, or it moved to the dead-letter queue). */
  delete(message: LocalQueueMessage): void {
    const list = this.list(message.queue);
    const at = list.indexOf(message);
    if (at >= 0) list.splice(at, 1);
  }

  /** The earliest moment a waiting message (of `queue`, or of any) becomes visible, or undefined when there is none. */
  nextVisibleAt(queue?: QueueName): number | undefined {
    let next: number | undefined;
    const lists = queue ? [this.list(queue)] : this.messages.values();
    for (const list of lists) for (const m of list) if (next === undefined || m.visibleAt < next) next = m.visibleAt;
    return next;
  }

  /** Messages waiting (visible, delayed or in flight) in `queue`. */
  depth(queue: QueueName): number {
    return this.list(queue).length;
  }

  queues(): QueueName[] {
    return [...this.messages.keys()];
  }

  /** Called after every send (the runner wakes up). Returns the unsubscribe function. */
  onSend(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private list(queue: QueueName): LocalQueueMessage[] {
    let list = this.messages.get(queue);
    if (!list) this.messages.set(queue, (list = []));
    return list;
  }
}

// Feeds the in-process queues (shared/adapters/local/queue.ts) to the real consumer handlers,
// as Lambda's SQS event source does: batches of up to 10 records, partial batch failures
// (ReportBatchItemFailures), a record failing is received again after the visibility timeout,
// and after maxReceiveCount receives it moves to the dead-letter queue, here a JSON-lines file
// <dlqDir>/<queue>.jsonl.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { QUEUE_BATCH_SIZE, declarationOf, type QueueName } from '#shared/queues';
import type { LocalQueueMessage, LocalQueues } from '#shared/adapters/local/queue';
import { consumerFunctions } from '#infra/functions';
import { lambdaContext, runAs, loadHandler, type LambdaHandler } from '#infra/local/handlers';
import { log } from '#shared/log';

export type SqsHandler = LambdaHandler<SQSEvent, SQSBatchResponse | void>;

export interface QueueRunnerOptions {
  queues: LocalQueues;
  /** Folder of the dead-letter files. */
  dlqDir: string;
  /** The consumer of each queue; by default the handlers of infra/functions.ts consumerFunctions. */
  consumer?: (queue: QueueName) => Promise<SqsHandler>;
  /** How long a received record stays hidden; a failed record comes back after it. Default 1 s. */
  visibilityTimeoutMs?: number;
  /** Receives before a failing record moves to the dead-letter queue. Default 3. */
  maxReceiveCount?: number;
  /** Records per consumer invocation. Default the stack's (shared/queues.ts). */
  batchSize?: number;
  /** Consumer timeout, for every queue. Default each consumer's own, as the stack gives it (shared/queues.ts). */
  timeoutMs?: number;
}

export interface DeadLetter {
  queue: QueueName;
  messageId: string;
  body: string;
  messageAttributes: SQSRecord['messageAttributes'];
  receiveCount: number;
  sentAt: string;
  movedAt: string;
  reason: string;
}

export interface QueueRunner {
  /** Resolves once no message is waiting or in flight in any queue (dead-lettered ones are gone). */
  drained(timeoutMs?: number): Promise<void>;
  dlqFile(queue: QueueName): string;
  stop(): Promise<void>;
}

export const defaultConsumer = (queue: QueueName) => loadHandler<SQSEvent, SQSBatchResponse | void>(consumerFunctions[queue].entry);

export function startQueueRunner(options: QueueRunnerOptions): QueueRunner {
  const { queues, dlqDir } = options;
  const visibilityTimeoutMs = options.visibilityTimeoutMs ?? 1_000;
  const maxReceiveCount = options.maxReceiveCount ?? 3;
  const batchSize = options.batchSize ?? QUEUE_BATCH_SIZE;
  const timeoutOf = (queue: QueueName) => options.timeoutMs ?? consumerFunctions[queue].timeoutSeconds * 1000;
  const consumer = options.consumer ?? defaultConsumer;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  const idleWaiters = new Set<() => void>();

  const dlqFile = (queue: QueueName) => path.join(dlqDir, `${queue}.jsonl`);

  const toRecord = (m: LocalQueueMessage): SQSRecord => ({
    messageId: m.messageId,
    receiptHandle: m.receiptHandle ?? m.messageId,
    body: m.body,
    attributes: {
      ApproximateReceiveCount: String(m.receiveCount),
      SentTimestamp: String(m.sentAt),
      SenderId: 'LOCAL',
      ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt ?? m.sentAt),
    },
    messageAttributes: m.messageAttributes,
    md5OfBody: m.md5OfBody,
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:local:000000000000:${m.queue}`,
    awsRegion: 'local',
  });

  async function deadLetter(m: LocalQueueMessage, reason: string): Promise<void> {
    const entry: DeadLetter = {
      queue: m.queue,
      messageId: m.messageId,
      body: m.body,
      messageAttributes: m.messageAttributes,
      receiveCount: m.receiveCount,
      sentAt: new Date(m.sentAt).toISOString(),
      movedAt: new Date().toISOString(),
      reason,
    };
    await mkdir(dlqDir, { recursive: true });
    await appendFile(dlqFile(m.queue), JSON.stringify(entry) + '\n');
    queues.delete(m);
    log.warn('queue message moved to the dead-letter queue', {
      queue: m.queue,
      messageId: m.messageId,
      receiveCount: m.receiveCount,
      file: dlqFile(m.queue),
    });
  }

  /** One consumer invocation; returns the ids of the records that failed. */
  async function invoke(queue: QueueName, batch: LocalQueueMessage[]): Promise<{ failed: Set<string>; reason: string }> {
    const all = new Set(batch.map((m) => m.messageId));
    try {
      const handler = await consumer(queue);
      const functionId = consumerFunctions[queue].id;
      const timeoutMs = timeoutOf(queue);
      const context = lambdaContext(functionId, timeoutMs);
      let timeout: NodeJS.Timeout | undefined;
      const result = await Promise.race([
        runAs(handler, { Records: batch.map(toRecord) }, context, functionId),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => reject(new Error(`consumer timed out after ${timeoutMs} ms`)), timeoutMs);
        }),
      ]).finally(() => clearTimeout(timeout));
      const failures = result?.batchItemFailures ?? [];
      // Lambda treats an unknown or empty identifier as a failure of the whole batch.
      if (failures.some((f) => !f?.itemIdentifier || !all.has(f.itemIdentifier))) {
        return { failed: all, reason: 'invalid batchItemFailures' };
      }
      return { failed: new Set(failures.map((f) => f.itemIdentifier)), reason: 'reported in batchItemFailures' };
    } catch (error) {
      log.error('queue consumer failed', { queue, error });
      return { failed: all, reason: `consumer threw: ${(error as Error)?.message ?? String(error)}` };
    }
  }

  /** Invocations under way per queue: one at a time, or the queue's `maxConcurrency` (Lambda runs queues side by side). */
  const inFlight = new Map<QueueName, number>();
  const busy = () => [...inFlight.values()].some((n) => n > 0);

  async function settle(queue: QueueName, batch: LocalQueueMessage[]): Promise<void> {
    const { failed, reason } = await invoke(queue, batch);
    for (const m of batch) {
      if (!failed.has(m.messageId)) queues.delete(m);
      else if (m.receiveCount >= maxReceiveCount) await deadLetter(m, reason);
      // Otherwise it stays hidden until its visibility timeout ends, then is received again.
    }
  }

  const full = (queue: QueueName) => (inFlight.get(queue) ?? 0) >= (declarationOf(queue).maxConcurrency ?? 1);

  function schedule(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = undefined;
    if (queues.nextVisibleAt() === undefined && !busy()) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters.clear();
      return;
    }
    // The next message a free queue can take; a full queue's wait for one of its invocations to end (which kicks).
    const next = queues
      .queues()
      .filter((queue) => !full(queue))
      .map((queue) => queues.nextVisibleAt(queue))
      .filter((at): at is number => at !== undefined)
      .reduce<number | undefined>((min, at) => (min === undefined || at < min ? at : min), undefined);
    if (next !== undefined) timer = setTimeout(kick, Math.max(0, next - Date.now()));
  }

  /** Receives on the next turn of the event loop, so the messages sent together arrive in one batch. */
  let kicked = false;
  function kick(): void {
    if (stopped || kicked) return;
    kicked = true;
    setImmediate(pump);
  }

  function pump(): void {
    kicked = false;
    if (stopped) return;
    for (const queue of queues.queues()) {
      while (!full(queue)) {
        const batch = queues.receive(queue, batchSize, visibilityTimeoutMs);
        if (batch.length === 0) break;
        inFlight.set(queue, (inFlight.get(queue) ?? 0) + 1);
        const run = settle(queue, batch)
          .catch((error) => log.error('queue runner failed', { queue, error }))
          .finally(() => {
            inFlight.set(queue, (inFlight.get(queue) ?? 1) - 1);
            running.delete(run);
            kick();
          });
        running.add(run);
      }
    }
    schedule();
  }

  const unsubscribe = queues.onSend(kick);
  kick();

  return {
    dlqFile,
    drained: (limitMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        if (!busy() && queues.nextVisibleAt() === undefined) return resolve();
        const limit = setTimeout(() => {
          idleWaiters.delete(done);
          reject(new Error(`queues not drained within ${limitMs} ms`));
        }, limitMs);
        const done = () => {
          clearTimeout(limit);
          resolve();
        };
        idleWaiters.add(done);
      }),
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      await Promise.all(running);
    },
  };
}

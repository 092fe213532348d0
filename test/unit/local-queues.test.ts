import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startQueueRunner, type DeadLetter, type QueueRunner, type SqsHandler } from '#infra/local/queues';
import { LocalQueues } from '#shared/adapters/local/queue';

describe('local queues', () => {
  let dlqDir: string;
  let runner: QueueRunner | undefined;

  beforeEach(async () => {
    dlqDir = await mkdtemp(path.join(tmpdir(), 'local-queues-'));
  });

  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
    await rm(dlqDir, { recursive: true, force: true });
  });

  /** A consumer that records every batch it gets and fails the records whose body says so. */
  const recordingConsumer = () => {
    const batches: SQSEvent[] = [];
    const handler: SqsHandler = async (event) => {
      batches.push(event);
      const failures = event.Records.filter((r) => (JSON.parse(r.body) as { fail?: boolean }).fail).map((r) => ({
        itemIdentifier: r.messageId,
      }));
      return { batchItemFailures: failures } satisfies SQSBatchResponse;
    };
    return { batches, handler };
  };

  it('delivers SQS-shaped records to the consumer of the queue and deletes them on success', async () => {
    // Prepare
    const queues = new LocalQueues();
    const { batches, handler } = recordingConsumer();
    runner = startQueueRunner({ queues, dlqDir, consumer: async () => handler, visibilityTimeoutMs: 50 });

    // Act
    await queues.send('status', { hello: 'world' }, { dedupeId: 'SM123' });
    await runner.drained(5_000);

    // Assess
    expect(batches).toHaveLength(1);
    const record = batches[0]!.Records[0]!;
    expect(JSON.parse(record.body)).toEqual({ hello: 'world' });
    expect(record).toMatchObject({
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:status',
      attributes: { ApproximateReceiveCount: '1' },
      messageAttributes: { dedupeId: { dataType: 'String', stringValue: 'SM123' } },
    });
    expect(record.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(queues.depth('status')).toBe(0);
  });

  it('retries a failing record after the visibility timeout and moves it to the DLQ file after maxReceiveCount', async () => {
    // Prepare
    const queues = new LocalQueues();
    const { batches, handler } = recordingConsumer();
    runner = startQueueRunner({ queues, dlqDir, consumer: async () => handler, visibilityTimeoutMs: 60, maxReceiveCount: 3 });

    // Act
    await queues.send('inbound', { id: 'ok' });
    await queues.send('inbound', { id: 'bad', fail: true });
    await runner.drained(5_000);

    // Assess: the good record was processed once, the bad one three times, then dead-lettered.
    const deliveries = batches.flatMap((b) => b.Records.map((r) => [JSON.parse(r.body).id, r.attributes.ApproximateReceiveCount]));
    expect(deliveries.filter(([id]) => id === 'ok')).toEqual([['ok', '1']]);
    expect(deliveries.filter(([id]) => id === 'bad')).toEqual([
      ['bad', '1'],
      ['bad', '2'],
      ['bad', '3'],
    ]);
    const lines = (await readFile(runner.dlqFile('inbound'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(1);
    const dead = JSON.parse(lines[0]!) as DeadLetter;
    expect(dead).toMatchObject({ queue: 'inbound', receiveCount: 3 });
    expect(JSON.parse(dead.body)).toEqual({ id: 'bad', fail: true });
    expect(queues.depth('inbound')).toBe(0);
  });

  it('retries the whole batch when the consumer throws', async () => {
    // Prepare
    const queues = new LocalQueues();
    let calls = 0;
    const handler: SqsHandler = async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
      return { batchItemFailures: [] };
    };
    runner = startQueueRunner({ queues, dlqDir, consumer: async () => handler, visibilityTimeoutMs: 30 });

    // Act
    await queues.send('outboundWebhooks', { n: 1 });
    await queues.send('outboundWebhooks', { n: 2 });
    await runner.drained(5_000);

    // Assess
    expect(calls).toBe(2);
    await expect(readFile(runner.dlqFile('outboundWebhooks'), 'utf8')).rejects.toThrow();
  });

  it('delivers at most ten records per batch', async () => {
    // Prepare
    const queues = new LocalQueues();
    for (let n = 0; n < 25; n++) await queues.send('status', { n });
    const { batches, handler } = recordingConsumer();

    // Act
    runner = startQueueRunner({ queues, dlqDir, consumer: async () => handler });
    await runner.drained(5_000);

    // Assess
    expect(batches.map((b) => b.Records.length)).toEqual([10, 10, 5]);
  });

  it('honours delaySeconds', async () => {
    // Prepare
    const queues = new LocalQueues();
    const { batches, handler } = recordingConsumer();
    runner = startQueueRunner({ queues, dlqDir, consumer: async () => handler });
    const sentAt = Date.now();

    // Act
    await queues.send('status', { late: true }, { delaySeconds: 1 });
    await new Promise((r) => setTimeout(r, 300));
    const early = batches.length;
    await runner.drained(5_000);

    // Assess
    expect(early).toBe(0);
    expect(batches).toHaveLength(1);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(950);
  });

  it('refuses a delay SQS would refuse', async () => {
    await expect(new LocalQueues().send('status', {}, { delaySeconds: 901 })).rejects.toThrow(/delaySeconds/);
  });
});

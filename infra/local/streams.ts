// DynamoDB Streams under `npm start`: the part of a Lambda event source mapping. Polls the table's stream on
// DynamoDB Local and hands each stream function (infra/functions.ts streamFunctions) its records as a
// DynamoDBStreamEvent, in order, at most `batchSize` at a time, the items its filter names only. A batch
// the function fails is handed again until it passes, as the event source does by default (records are
// retried until they expire), so nothing is skipped. It starts from the oldest record the stream holds
// (TRIM_HORIZON): the functions count each record once however often it comes.
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record,
  type Shard,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { streamFunctions, type StreamEntry } from '#infra/functions';
import { lambdaContext, loadHandler, runAs, type LambdaHandler } from '#infra/local/handlers';
import { log } from '#shared/log';

export interface StreamPollerOptions {
  endpoint: string;
  tableName: string;
  functions?: Record<string, StreamEntry>;
  /**
   * Pause after a poll that found nothing new; default 100 ms, doubling while the stream stays quiet up to
   * `maxIdleMs` (default 1 s) so that an idle service does not keep DynamoDB Local busy. `drained()` cuts a pause short.
   */
  idleMs?: number;
  maxIdleMs?: number;
}

export interface StreamPoller {
  /** Resolves once every record written before the call has been handed to its functions (tests wait on it). */
  drained(): Promise<void>;
  stop(): Promise<void>;
}

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The event a function gets: the records as the Lambda service hands them (the SDK's shapes are the same JSON). */
const streamEvent = (records: readonly _Record[], streamArn: string): DynamoDBStreamEvent => ({
  Records: records.map((r): DynamoDBRecord => ({
    eventID: r.eventID,
    eventName: r.eventName,
    eventVersion: r.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: 'local',
    eventSourceARN: streamArn,
    // The SDK's AttributeValue union and aws-lambda's are the same JSON, typed apart.
    dynamodb: {
      ...r.dynamodb,
      ApproximateCreationDateTime: r.dynamodb?.ApproximateCreationDateTime?.getTime(),
    } as DynamoDBRecord['dynamodb'],
  })),
});

export async function startStreamPoller(options: StreamPollerOptions): Promise<StreamPoller> {
  const functions = options.functions ?? streamFunctions;
  const idleMs = options.idleMs ?? 100;
  const maxIdleMs = Math.max(idleMs, options.maxIdleMs ?? 1_000);
  const region = 'us-east-1';
  const tables = new DynamoDBClient({ endpoint: options.endpoint, region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: options.endpoint, region, credentials });
  const table = await tables.send(new DescribeTableCommand({ TableName: options.tableName }));
  tables.destroy();
  const streamArn = table.Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`table ${options.tableName} has no stream`);

  let stopped = false;
  /** Polls that found nothing new since `drained()` was asked: a waiter resolves on the next idle poll. */
  let waiters: (() => void)[] = [];
  /** Ends the current idle pause early (a caller is waiting). */
  let wake = () => {};
  const handlers = new Map<string, LambdaHandler<DynamoDBStreamEvent, unknown>>();
  const handlerOf = async (entry: StreamEntry) => {
    const loaded = handlers.get(entry.entry) ?? (await loadHandler<DynamoDBStreamEvent, unknown>(entry.entry));
    handlers.set(entry.entry, loaded);
    return loaded;
  };

  /** Hands one batch to every function, each until it passes. */
  const deliver = async (records: _Record[]) => {
    for (const entry of Object.values(functions)) {
      const batch = records.filter((r) => entry.filter(r.dynamodb?.Keys?.sk?.S));
      for (let from = 0; from < batch.length; from += entry.batchSize) {
        const event = streamEvent(batch.slice(from, from + entry.batchSize), streamArn);
        for (let attempt = 1; !stopped; attempt++) {
          try {
            await runAs(await handlerOf(entry), event, lambdaContext(entry.id, entry.timeoutSeconds * 1000), entry.id);
            break;
          } catch (error) {
            log.error('stream function failed; its batch is handed again', { function: entry.id, attempt, error });
            await pause(Math.min(5_000, 100 * 2 ** attempt));
          }
        }
      }
    }
  };

  const loop = (async () => {
    const done = new Set<string>();
    const iterators = new Map<string, string | undefined>();
    const lastSequence = new Map<string, string>();
    let shards: Shard[] = [];
    let describedAt = 0;
    let pauseMs = idleMs;
    while (!stopped) {
      try {
        // The shard list changes rarely (DynamoDB Local keeps one open shard): looked at again every few seconds.
        if (Date.now() - describedAt > 2_000 || shards.every((shard) => done.has(shard.ShardId!))) {
          shards = (await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }))).StreamDescription?.Shards ?? [];
          describedAt = Date.now();
        }
        let idle = true;
        // A child shard is read once its parent is done, so one item's records stay in order.
        for (const shard of shards) {
          const id = shard.ShardId!;
          if (
            done.has(id) ||
            (shard.ParentShardId && !done.has(shard.ParentShardId) && shards.some((s) => s.ShardId === shard.ParentShardId))
          ) {
            continue;
          }
          let iterator = iterators.get(id);
          if (!iterators.has(id)) {
            // After the last record handed on, when there is one: a reset iterator must not hand a record twice.
            const after = lastSequence.get(id);
            const start = await streams.send(
              new GetShardIteratorCommand({
                StreamArn: streamArn,
                ShardId: id,
                ...(after ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after } : { ShardIteratorType: 'TRIM_HORIZON' }),
              }),
            );
            iterator = start.ShardIterator;
          }
          if (!iterator) {
            done.add(id);
            continue;
          }
          let page;
          try {
            page = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
          } catch (error) {
            // DynamoDB Local at times answers TrimmedDataAccessException to a live iterator (seen with two test files
            // writing at once; LocalStack resets its shards on it too), and an iterator expires: a new one next round.
            if ((error as Error).name !== 'TrimmedDataAccessException' && (error as Error).name !== 'ExpiredIteratorException') throw error;
            iterators.delete(id);
            idle = false;
            await pause(50);
            continue;
          }
          const records = page.Records ?? [];
          if (records.length > 0) {
            idle = false;
            pauseMs = idleMs;
            await deliver(records);
            lastSequence.set(id, records.at(-1)!.dynamodb!.SequenceNumber!);
          }
          iterators.set(id, page.NextShardIterator);
          if (!page.NextShardIterator) done.add(id);
        }
        if (idle) {
          const ready = waiters;
          waiters = [];
          for (const resolve of ready) resolve();
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, waiters.length > 0 ? idleMs : pauseMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = () => {};
          pauseMs = Math.min(maxIdleMs, pauseMs * 2);
        }
      } catch (error) {
        // DynamoDB Local busy or restarting: the poller must outlive it (drained() waits on it). Iterators are taken
        // again after the last record handed on.
        if (stopped) break;
        log.error('stream poll failed; polling again in 1 s', { error });
        iterators.clear();
        await pause(1_000);
      }
    }
  })().catch((error: unknown) => {
    if (!stopped) log.error('the stream poller stopped', { error });
  });

  return {
    drained: () =>
      new Promise<void>((resolve) => {
        // Two idle polls: the first may have started before the caller's writes.
        waiters.push(() => waiters.push(resolve));
        wake();
      }),
    async stop() {
      stopped = true;
      wake();
      await loop;
      streams.destroy();
    },
  };
}

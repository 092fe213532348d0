// One "Lambda container" of the contention run (bench/contention.ts): its own process and SDK client, one request
// at a time, started together with the others on the parent's signal. It runs one of three loops against the run's
// DynamoDB Local and reports each operation's time, the DynamoDB requests it made and the capacity they consumed:
//   send    the service's send use case (shared/wiring/send.ts), one application, provider link (no HTTP call);
//   txn     the raw ceiling: a three-item transaction whose first item is an atomic conditional ADD on one balance
//           item, no read before it, resubmitted on a transaction conflict;
//   update  a single conditional UpdateItem doing the same ADD, with the new balance and sequence returned;
//   shards  the same UpdateItem on one of SHARDS balance items picked at random (a balance split in shards).
import { randomUUID } from 'node:crypto';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, errorName, tableName } from '#shared/db/client';
import { send } from '#shared/wiring/send';
import { countDynamo } from './send.ts';

export type ContentionMode = 'send' | 'txn' | 'update' | 'shards';

export interface ChildTask {
  mode: ContentionMode;
  aplicacaoId: number;
  /** Operations this process makes, one after the other. */
  operations: number;
}

export interface ChildReport {
  times: number[];
  ok: number;
  /** Refusals by error code (a send's 402, a ceiling's balance below zero). */
  refused: Record<string, number>;
  /** The ceiling's transactions resubmitted after a TransactionConflict (a send's lost races show in its requests). */
  conflicts: number;
  requests: Record<string, number>;
  capacityUnits: number;
}

export const CEILING_KEY = { pk: 'BENCH#CEILING', sk: 'SALDO' };
/** The balance items of the `shards` loop: CEILING_KEY's partition, sort keys SALDO#0.. */
export const SHARDS = 4;
export const shardKey = (shard: number) => ({ pk: CEILING_KEY.pk, sk: `SALDO#${shard}` });

async function ceilingTransaction(): Promise<void> {
  for (;;) {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: tableName(),
                Key: CEILING_KEY,
                UpdateExpression: 'ADD saldo :menos, seq :um',
                ConditionExpression: 'saldo >= :valor',
                ExpressionAttributeValues: { ':menos': -1, ':um': 1, ':valor': 1 },
              },
            },
            { Put: { TableName: tableName(), Item: { pk: `BENCH#A#${randomUUID()}`, sk: 'A' } } },
            { Put: { TableName: tableName(), Item: { pk: `BENCH#B#${randomUUID()}`, sk: 'B' } } },
          ],
        }),
      );
      return;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if (!reasons.some((r) => r.Code === 'TransactionConflict')) throw error;
      report.conflicts++;
    }
  }
}

const ceilingUpdate = (Key: Record<string, string> = CEILING_KEY) =>
  db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key,
      UpdateExpression: 'ADD saldo :menos, seq :um',
      ConditionExpression: 'saldo >= :valor',
      ExpressionAttributeValues: { ':menos': -1, ':um': 1, ':valor': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );

const report: ChildReport = { times: [], ok: 0, refused: {}, conflicts: 0, requests: {}, capacityUnits: 0 };

async function run(task: ChildTask): Promise<ChildReport> {
  const operation =
    task.mode === 'send'
      ? () =>
          send({
            aplicacaoId: task.aplicacaoId,
            body: { telefone: '+5511999990000', mensagem: 'Lembrete: sua consulta é amanhã às 9h.' },
            key: undefined,
            statusCallbackUrl: 'http://127.0.0.1/api/webhooks/whatsapp/status',
          })
      : task.mode === 'txn'
        ? ceilingTransaction
        : task.mode === 'update'
          ? () => ceilingUpdate()
          : () => ceilingUpdate(shardKey(Math.floor(Math.random() * SHARDS)));
  await operation(); // warm-up: modules, the connection, the id block; not counted
  const counters = countDynamo();
  for (let i = 0; i < task.operations; i++) {
    const started = performance.now();
    try {
      await operation();
      report.ok++;
    } catch (error) {
      const { code } = error as { code?: unknown };
      const name = typeof code === 'string' ? code : errorName(error);
      const key = typeof name === 'string' ? name : 'error';
      report.refused[key] = (report.refused[key] ?? 0) + 1;
    }
    report.times.push(performance.now() - started);
  }
  counters.stop();
  report.requests = counters.commands;
  report.capacityUnits = counters.capacity;
  return report;
}

process.on('message', (message: { task: ChildTask } | 'go') => {
  if (message === 'go') return;
  const { task } = message;
  // Ready once loaded; the parent's 'go' starts every process's loop at once.
  process.once('message', () => {
    run(task).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String((error as Error)?.stack ?? error) }, () => process.exit(1)),
    );
  });
  process.send!('ready');
});

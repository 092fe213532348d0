// The DynamoDB unit of work: one TransactWriteItems per commit, and a cancelled transaction's
// reasons mapped back to the write that caused each (refusal, lost race, or neither).
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { tableName } from '#shared/db/client';
import { dynamoLedgerRepository, refundMarkerWrite } from '#shared/db/ledger';
import { commitWrites, conditionalWrite, dynamoUnitOfWork, putNew } from '#shared/db/unit-of-work';
import type { StatementEntry } from '#shared/domain/ledger';

const dynamo = mockClient(DynamoDBDocumentClient);
beforeEach(() => dynamo.reset());
afterAll(() => dynamo.restore());

const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

const statusChange = conditionalWrite(
  {
    Update: {
      Key: { pk: 'APP#1', sk: 'AGENDA#7' },
      UpdateExpression: 'SET #s = :to',
      ConditionExpression: '#s = :from',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':to': 'CONFIRMADO', ':from': 'AGENDADO' },
    },
  },
  'status-changed' as const,
);
const history = putNew({ pk: 'APP#1', sk: 'AGENDAHIST#7#1' });
const idempotency = putNew({ pk: 'IDEMP#abc', sk: 'IDEMP' }, 'replay' as const);

describe('a unit of work', () => {
  it('commits its writes in one TransactWriteItems, each naming the table', async () => {
    dynamo.on(TransactWriteCommand).resolves({});

    const outcome = await dynamoUnitOfWork().commit([statusChange, history, idempotency]);

    expect(outcome).toEqual({ committed: true });
    const calls = dynamo.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input.TransactItems).toEqual([
      {
        Update: {
          TableName: tableName(),
          Key: { pk: 'APP#1', sk: 'AGENDA#7' },
          UpdateExpression: 'SET #s = :to',
          ConditionExpression: '#s = :from',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':to': 'CONFIRMADO', ':from': 'AGENDADO' },
        },
      },
      { Put: { TableName: tableName(), Item: { pk: 'APP#1', sk: 'AGENDAHIST#7#1' }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { pk: 'IDEMP#abc', sk: 'IDEMP' }, ConditionExpression: 'attribute_not_exists(pk)' } },
    ]);
  });

  it('gives back the refusals of the writes whose own condition failed, in write order', async () => {
    const error = cancelled('ConditionalCheckFailed', 'None', 'ConditionalCheckFailed');
    dynamo.on(TransactWriteCommand).rejects(error);

    const outcome = await commitWrites([statusChange, history, idempotency]);

    expect(outcome).toEqual({ committed: false, refusals: ['status-changed', 'replay'], raced: false, error });
  });

  it('calls a failed condition without a refusal, or a transaction conflict, a lost race', async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed', 'None'))
      .rejectsOnce(cancelled('TransactionConflict', 'None', 'None'));

    const first = await commitWrites([statusChange, history, idempotency]);
    const second = await commitWrites([statusChange, history, idempotency]);

    expect(first).toMatchObject({ committed: false, refusals: [], raced: true });
    expect(second).toMatchObject({ committed: false, refusals: [], raced: true });
  });

  it('hands other cancellations back as neither, and throws what is not a cancellation', async () => {
    const throttled = cancelled('ThrottlingError', 'None', 'None');
    dynamo.on(TransactWriteCommand).rejectsOnce(throttled).rejectsOnce(new Error('socket hang up'));

    expect(await commitWrites([statusChange, history, idempotency])).toEqual({
      committed: false,
      refusals: [],
      raced: false,
      error: throttled,
    });
    await expect(commitWrites([statusChange, history, idempotency])).rejects.toThrow('socket hang up');
  });
});

describe('the ledger entry as a unit of work', () => {
  const entry: StatementEntry = {
    id: 2,
    tipo: 'CREDIT',
    valor: '1.00',
    saldoAnterior: '1.00',
    saldoPosterior: '2.00',
    descricao: 'Estorno do lançamento 1',
    referenciaTipo: 'ESTORNO',
    referenciaId: 1,
    tarifaCobrada: null,
    custoProviderAUsd: null,
    custoProviderABrl: null,
    custoProviderBUsd: null,
    custoProviderBBrl: null,
    cotacaoUsdBrl: null,
    tipoConversa: null,
    criadoEm: '2026-01-01T10:00:00',
  };

  it("is the entry with the extra writes; an extra's refusal is returned, a lost race is raced, the entry already there is taken", async () => {
    dynamo
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'ConditionalCheckFailed'))
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('ConditionalCheckFailed', 'None'))
      .rejectsOnce(cancelled('ValidationError', 'None'));
    const ledger = dynamoLedgerRepository();
    const extras = [refundMarkerWrite(7, 1)];

    await expect(ledger.record(7, entry, extras)).resolves.toEqual({
      refused: expect.objectContaining({ kind: 'conflict', message: 'entry 1 has already been refunded' }),
    });
    await expect(ledger.record(7, entry, extras)).resolves.toBe('raced');
    await expect(ledger.record(7, entry, extras)).resolves.toBe('taken');
    await expect(ledger.record(7, entry, extras)).rejects.toBeInstanceOf(TransactionCanceledException);
    const items = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    // No balance item and no statement day in it: the move wrote the balance, the stream's follower writes the day.
    expect(items.map((i) => Object.keys(i)[0])).toEqual(['Put', 'Put']);
    expect(items.map((i) => i.Put?.Item?.sk)).toEqual(['EXTRATO#0000000000000002', 'ESTORNO#0000000000000001']);
  });
});

// The external API's key + secret pairs (docs/data-model.md, pattern 5):
//
//   API key           pk APIKEY#<apiKey>   sk APIKEY   aplicacaoId, secretHash (SHA-256 hex), criadoEm
//   application       pk APP#<id>          sk APP      apiKey: the one current key of the application
//
// An application has exactly one pair. The application item names its current key, so replacing
// it is one transaction that puts the new key, deletes the old one and moves the pointer: the
// old secret stops working the moment the transaction commits, with no index to wait for.
// Kept apart from shared/db/applications.ts so the API key authorizer bundles only this file.
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { ApiKeyRecord } from '#shared/domain/applications';
import { conflict, notFound } from '#shared/domain/errors';

/** What the authorizer needs of a key: one strongly consistent GetItem, so a replaced key fails at once. */
export async function findApiKey(apiKey: string): Promise<{ aplicacaoId: number; secretHash: string } | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.apiKey(apiKey),
      ConsistentRead: true,
      ProjectionExpression: 'aplicacaoId, secretHash',
    }),
  );
  const item = out.Item;
  if (!item || typeof item.secretHash !== 'string') return undefined;
  return { aplicacaoId: Number(item.aplicacaoId), secretHash: item.secretHash };
}

/** The application's current API key, read consistently; undefined key when it has none yet. */
async function currentApiKey(aplicacaoId: number): Promise<{ apiKey: string | undefined } | undefined> {
  const out = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.application(aplicacaoId), ConsistentRead: true, ProjectionExpression: 'apiKey' }),
  );
  if (!out.Item) return undefined;
  return { apiKey: typeof out.Item.apiKey === 'string' ? out.Item.apiKey : undefined };
}

/**
 * Makes `record` the application's API key and deletes the previous one in the same
 * transaction. Conditioned on the pointer read just before, so two concurrent replacements
 * cannot both win and leave two valid pairs; the loser re-reads and replaces the winner's.
 */
export async function replaceApiKey(record: ApiKeyRecord, maxAttempts = 5): Promise<void> {
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    const current = await currentApiKey(record.aplicacaoId);
    if (!current) throw notFound('application');
    const previous = current.apiKey;
    const input: TransactWriteCommandInput = {
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.apiKey(record.apiKey), tipo: 'APIKEY', ...record },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: keys.application(record.aplicacaoId),
            UpdateExpression: 'SET apiKey = :new',
            ConditionExpression: previous === undefined ? 'attribute_exists(pk) AND attribute_not_exists(apiKey)' : 'apiKey = :previous',
            ExpressionAttributeValues: previous === undefined ? { ':new': record.apiKey } : { ':new': record.apiKey, ':previous': previous },
          },
        },
        ...(previous === undefined || previous === record.apiKey
          ? []
          : [{ Delete: { TableName: tableName(), Key: keys.apiKey(previous) } }]),
      ],
    };
    try {
      await db().send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      if ((error as Error).name !== 'TransactionCanceledException') throw error;
      if (reasons[0]?.Code === 'ConditionalCheckFailed') throw conflict('API key already exists');
      // The pointer moved (a concurrent replacement) or a transaction conflict: read again.
    }
  }
  throw conflict('The API key is being replaced concurrently; try again');
}

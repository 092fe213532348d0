// Idempotency records (docs/data-model.md, pattern 23): the answer of a request stored under its key,
// put in the same unit of work as the request's effect, refused with REPLAY when the key is taken.
// DynamoDB deletes expired items only eventually, so the condition and the read compare the expiry too.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { conditionalWrite } from '#shared/db/unit-of-work';
import { IDEMPOTENCY_TTL_SECONDS, REPLAY, type IdempotencyRecord, type IdempotencyStore } from '#shared/domain/idempotency';
import type { SendIdempotency } from '#shared/domain/messages/repository';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

export function dynamoIdempotencyStore(): IdempotencyStore {
  // One implementation for both `write` signatures (the refusal is REPLAY unless the caller names its own).
  function write<A>(scope: string, key: string, record: IdempotencyRecord<A>, at?: Date): ConditionalWrite<typeof REPLAY>;
  function write<A, R>(scope: string, key: string, record: IdempotencyRecord<A>, at: Date | undefined, refusal: R): ConditionalWrite<R>;
  function write(scope: string, key: string, record: IdempotencyRecord<unknown>, at = new Date(), refusal: unknown = REPLAY) {
    const now = Math.floor(at.getTime() / 1000);
    return conditionalWrite(
      {
        Put: {
          Item: { ...keys.idempotencyRecord(scope, key), tipo: 'IDEMP', ...record, expiresAt: now + IDEMPOTENCY_TTL_SECONDS },
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now',
          ExpressionAttributeValues: { ':now': now },
        },
      },
      refusal,
    );
  }

  return {
    write,

    async complete(scope, key, record, at = new Date()) {
      const now = Math.floor(at.getTime() / 1000);
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...keys.idempotencyRecord(scope, key), tipo: 'IDEMP', ...record, expiresAt: now + IDEMPOTENCY_TTL_SECONDS },
          // Only over the record this request reserved (same request), never over another request's.
          ConditionExpression: 'fingerprint = :fingerprint',
          ExpressionAttributeValues: { ':fingerprint': record.fingerprint },
        }),
      );
    },

    async get<A>(scope: string, key: string, at = new Date()) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.idempotencyRecord(scope, key), ConsistentRead: true }),
      );
      const item = out.Item;
      if (!item || Number(item.expiresAt) < Math.floor(at.getTime() / 1000)) return undefined;
      // The answer is whatever the request stored (any JSON): the store has no reader for the caller's A.
      // eslint-disable-next-line no-restricted-syntax -- IdempotencyStore.get<A> lets the caller name the answer's type; only the caller knows it
      return { fingerprint: String(item.fingerprint), answer: item.answer as A };
    },
  };
}

/** Keyed sends' records (pattern 23), one scope per application: the same key on both send routes is one request. */
export function dynamoSendIdempotency(): SendIdempotency {
  const store = dynamoIdempotencyStore();
  const scope = (aplicacaoId: number) => `SEND#${aplicacaoId}`;
  return {
    get: (aplicacaoId, key) => store.get(scope(aplicacaoId), key),
    reserveWrite: (aplicacaoId, key, record, refusal) => store.write(scope(aplicacaoId), key, record, undefined, refusal),
    complete: (aplicacaoId, key, record) => store.complete(scope(aplicacaoId), key, record),
  };
}

// The per-minute request limit of provider credentials, held across every Lambda instance by
// one conditional write per request on a counter item of the credential and minute (pattern 9b:
// n, the requests taken, and expiresAt for TTL).
//
// `ADD n :1` only while `n < :limit`: DynamoDB applies the condition and the increment
// atomically, so however many requests arrive at once, exactly `limit` of them pass in a minute.
// A fixed window: a client may spend its limit at the end of one minute and again at the start
// of the next. DynamoDB's TTL removes the counter a little after its minute ends.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { RateLimiter } from '#shared/domain/provider-credentials';

/** How long a counter outlives its minute before TTL may delete it (TTL deletion itself may lag). */
export const COUNTER_GRACE_SECONDS = 120;

/** Seconds from `now` to the start of the next minute, 1 to 60. */
export const secondsToNextMinute = (now: Date): number => Math.max(1, Math.ceil((60_000 - (now.getTime() % 60_000)) / 1000));

export function dynamoRateLimiter(): RateLimiter {
  return {
    async consume(apiKey, limit, now) {
      const minute = Math.floor(now.getTime() / 60_000);
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.rateCounter(apiKey, minute),
            UpdateExpression: 'ADD #n :one SET #expiresAt = :expiresAt, tipo = :tipo',
            ConditionExpression: 'attribute_not_exists(#n) OR #n < :limit',
            ExpressionAttributeNames: { '#n': 'n', '#expiresAt': 'expiresAt' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':limit': limit,
              ':expiresAt': (minute + 1) * 60 + COUNTER_GRACE_SECONDS,
              ':tipo': 'RATE',
            },
          }),
        );
        return { allowed: true };
      } catch (error) {
        if (isConditionFailure(error)) return { allowed: false, retryAfter: secondsToNextMinute(now) };
        throw error;
      }
    },
  };
}

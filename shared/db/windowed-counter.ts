// Counters over a fixed window, one item per subject (the failed logins of an e-mail, the wrong
// codes and the codes asked for of a patient's phone): `tentativas` counted in the window that
// ends at `janelaAte` (also the TTL attribute `expiresAt`), and, where two counted events must be
// some seconds apart, `ultimoEm`, the last one (epoch seconds).
//
// Each event is counted before it happens, by an `ADD` conditioned on the limit: DynamoDB applies
// the condition and the increment atomically, so however many arrive together, at most `max` are
// counted in a window. The window starts with its first event; one that ended starts again at 1.
// DynamoDB's TTL removes an item only eventually, so every condition compares `janelaAte` itself.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '#shared/db/client';
import type { CountReservation, WindowLimit } from '#shared/domain/windowed-limit';

type Key = { pk: string; sk: string };

const read = async (Key: Key) => (await db().send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item;

/**
 * Counts one more event of the subject `key` unless the live window holds `max` already (refused with the seconds
 * until it ends) or, with a gap, the last one was less than `gapSeconds` ago (refused with the seconds left).
 */
export async function reserveInWindow(key: Key, tipo: string, now: number, limit: WindowLimit): Promise<CountReservation> {
  const gap = limit.gapSeconds ?? 0;
  const gapValues = gap > 0 ? { ':gapStart': now - gap } : {};
  const gapCondition = gap > 0 ? ' AND (attribute_not_exists(ultimoEm) OR ultimoEm <= :gapStart)' : '';
  // Two rounds are enough: the second sees whatever a concurrent first event wrote.
  for (let round = 0; round < 3; round++) {
    try {
      const out = await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: gap > 0 ? 'ADD tentativas :one SET ultimoEm = :now' : 'ADD tentativas :one',
          ConditionExpression: `janelaAte > :now AND tentativas < :max${gapCondition}`,
          ExpressionAttributeValues: { ':one': 1, ':now': now, ':max': limit.max, ...gapValues },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { allowed: true, count: Number(out.Attributes?.tentativas) };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
    const current = await read(key);
    const until = Number(current?.janelaAte ?? 0);
    const last = Number(current?.ultimoEm ?? Number.NEGATIVE_INFINITY);
    if (gap > 0 && last > now - gap) return { allowed: false, reason: 'gap', retryAfterSeconds: last + gap - now };
    if (current && until > now) {
      if (Number(current.tentativas) >= limit.max) return { allowed: false, reason: 'limit', retryAfterSeconds: until - now };
      continue; // changed under us: count again
    }
    // No live window: open one with this event.
    const janelaAte = now + limit.windowSeconds;
    try {
      await db().send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...key, tipo, tentativas: 1, janelaAte, expiresAt: janelaAte, ...(gap > 0 ? { ultimoEm: now } : {}) },
          ConditionExpression: `attribute_not_exists(pk) OR (janelaAte <= :now${gapCondition})`,
          ExpressionAttributeValues: { ':now': now, ...gapValues },
        }),
      );
      return { allowed: true, count: 1 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  }
  // Heavy contention on one subject: refuse this event rather than let it go uncounted.
  return { allowed: false, reason: 'limit', retryAfterSeconds: 1 };
}

/** Takes back one event counted in the live window (one that turned out not to count, such as a right code). */
export async function releaseInWindow(key: Key, now: number): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD tentativas :minusOne',
        ConditionExpression: 'janelaAte > :now AND tentativas > :zero',
        ExpressionAttributeValues: { ':minusOne': -1, ':now': now, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // the window ended meanwhile: nothing to take back
  }
}

/** Seconds until the live window ends when it holds `max` events already; undefined when another may be counted. */
export async function windowFullFor(key: Key, now: number, max: number): Promise<number | undefined> {
  const current = await read(key);
  const until = Number(current?.janelaAte ?? 0);
  return current && until > now && Number(current.tentativas) >= max ? until - now : undefined;
}

// Numeric ids, unique across every Lambda container and below 2^53 (JSON clients read
// them as doubles). Each container reserves a block of ids with one atomic ADD and hands
// them out from memory, so the hot path pays one DynamoDB write per block, not per id.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config';
import { db, tableName, type Db } from '#shared/db/client';
import * as keys from '#shared/db/keys';

export const MAX_ID = Number.MAX_SAFE_INTEGER;

export interface IdAllocator {
  next(): Promise<number>;
}

export function blockIdAllocator(db: () => Db, table: () => string, sequence: string, blockSize = 100): IdAllocator {
  let next = 0;
  let end = 0; // exclusive
  let refill: Promise<void> | undefined;

  const reserve = async () => {
    const out = await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.sequence(sequence),
        UpdateExpression: 'ADD #hi :block',
        ExpressionAttributeNames: { '#hi': 'hi' },
        ExpressionAttributeValues: { ':block': blockSize },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    const hi = Number(out.Attributes?.hi);
    if (!Number.isSafeInteger(hi) || hi > MAX_ID) throw new Error(`id sequence ${sequence} is exhausted`);
    next = hi - blockSize + 1;
    end = hi + 1;
  };

  return {
    async next() {
      while (next >= end) {
        // One reservation at a time per container; concurrent callers wait for it.
        refill ??= reserve().finally(() => {
          refill = undefined;
        });
        await refill;
      }
      return next++;
    },
  };
}

let shared: { table: string; allocator: IdAllocator } | undefined;

/** The next id of the service-wide sequence (every entity draws from it, so ids never collide across types). */
export async function nextId(): Promise<number> {
  // A block belongs to the table it was reserved in: a process that moves to another table (tests,
  // a second local service) must not hand out the old table's block there.
  const table = `${config().dynamoEndpoint ?? ''}|${tableName()}`;
  if (shared?.table !== table) shared = { table, allocator: blockIdAllocator(db, tableName, 'global') };
  return shared.allocator.next();
}

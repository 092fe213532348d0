// The DynamoDB document client, created once per container. Outside AWS the endpoint
// points at DynamoDB Local; nothing else differs.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DynamoDBDocumentClient,
  NumberValue,
  QueryCommand,
  UpdateCommand,
  type BatchWriteCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config';
import { tableKeys } from '#shared/db/table';
import { inParallel } from '#shared/parallel';

export type Db = DynamoDBDocumentClient;

let client: Db | undefined;
/** Sees every client made here (the local run's IAM guard puts itself in front of it). */
let onNewClient: ((client: DynamoDBClient) => void) | undefined;

/** Installs the hook every new client goes through (infra/local/iam-guard.ts); resets the current client. */
export const inspectDbClients = (hook: ((client: DynamoDBClient) => void) | undefined): void => {
  onNewClient = hook;
  client = undefined;
};

/** Integers come back as numbers; anything with a fraction stays an exact NumberValue (money is never a float). */
const readNumber = (value: string) => {
  if (/^-?\d+$/.test(value)) {
    const n = Number(value);
    if (Number.isSafeInteger(n)) return n;
  }
  return NumberValue.from(value);
};

export function db(): Db {
  if (client) return client;
  const { region, dynamoEndpoint } = config();
  const base = new DynamoDBClient({
    region,
    ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
  });
  onNewClient?.(base);
  client = DynamoDBDocumentClient.from(base, {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
    unmarshallOptions: { wrapNumbers: readNumber },
  });
  return client;
}

/** For tests that point the container at another endpoint. */
export const resetDb = (): void => {
  client = undefined;
};

export const tableName = (): string => config().tableName;

/**
 * True when DynamoDB refused a single-item write because its ConditionExpression did not hold
 * (a transaction's refusals: shared/db/unit-of-work.ts).
 */
export const isConditionFailure = (error: unknown): boolean => errorName(error) === 'ConditionalCheckFailedException';

/** The `name` of what was thrown (an AWS SDK error's exception name), or undefined when it has none. */
export const errorName = (error: unknown): unknown =>
  typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;

/** Runs a conditional single-item write: true when it was written, false when its condition did not hold. */
export async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Takes an item's pending work for one worker (a send's reconciliation, a flow step, a scheduled send): stamps
 * `field` with `now` on condition that the item is still in `status` and no other worker's stamp is younger than
 * `staleBefore`. False when another worker holds it or the item moved on; a worker that died is taken over once
 * its stamp is stale. `also` adds to the condition.
 */
export const claim = (c: {
  key: Record<string, unknown>;
  status: string;
  field: string;
  now: Date;
  staleBefore: Date;
  also?: { condition: string; values: Record<string, unknown> };
}): Promise<boolean> =>
  conditional(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: c.key,
        UpdateExpression: 'SET #f = :agora',
        ConditionExpression: `#s = :status AND (attribute_not_exists(#f) OR #f < :stale)${c.also ? ` AND ${c.also.condition}` : ''}`,
        ExpressionAttributeNames: { '#s': 'status', '#f': c.field },
        ExpressionAttributeValues: {
          ':agora': c.now.toISOString(),
          ':status': c.status,
          ':stale': c.staleBefore.toISOString(),
          ...c.also?.values,
        },
      }),
    ),
  );

/** Every item a query matches, page after page (DynamoDB answers at most 1 MB per page). */
export async function queryAll(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  client: () => Db = db,
  table: () => string = tableName,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await client().send(new QueryCommand({ TableName: table(), ...input, ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Every item of one partition of the generic index (gsi1), page after page; `more` adds a projection or a filter. */
export const queryIndex = (
  gsi1pk: string,
  more: Omit<
    QueryCommandInput,
    'TableName' | 'ExclusiveStartKey' | 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'
  > = {},
): Promise<Record<string, unknown>[]> =>
  queryAll({
    IndexName: tableKeys.gsi1.name,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': gsi1pk },
    ...more,
  });

/**
 * Every item of a collection as keys.ts builds it (a partition's items under one sort-key prefix), page
 * after page; `more` adds a consistent read, a projection or a filter (its values join the key's).
 */
export const queryPrefix = (
  { pk, skPrefix }: { pk: string; skPrefix: string },
  more: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'KeyConditionExpression'> = {},
  client: () => Db = db,
  table: () => string = tableName,
): Promise<Record<string, unknown>[]> =>
  queryAll(
    {
      ...more,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ...more.ExpressionAttributeValues, ':pk': pk, ':prefix': skPrefix },
    },
    client,
    table,
  );

type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey' | 'Limit' | 'Select'>;

/** With a filter, `Limit` counts the items read, not those matched: larger steps, so a page takes fewer requests. */
const FILTERED_STEP = 200;

/**
 * Page `page` of `size` items of a query, in its order. DynamoDB has no offset: the items before the
 * page are read too, and reading stops as soon as the page is full, or (given the query's `total`, known
 * from a counter) once every match is read: a page past the end costs no request.
 */
export async function queryPage(input: QueryInput, page: number, size: number, total?: number): Promise<Record<string, unknown>[]> {
  const wanted = Math.min((page + 1) * size, total ?? Number.POSITIVE_INFINITY);
  if (wanted <= page * size) return [];
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const missing = wanted - items.length;
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...input,
        Limit: input.FilterExpression ? Math.max(missing, FILTERED_STEP) : missing,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start && items.length < wanted);
  return items.slice(page * size, wanted);
}

/** How many items a query matches (`Select: COUNT`, page after page: nothing but the count crosses the wire). */
export async function queryCount(input: QueryInput): Promise<number> {
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(new QueryCommand({ TableName: tableName(), ...input, Select: 'COUNT', ExclusiveStartKey: start }));
    total += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return total;
}

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** BatchWriteItem takes at most 25 requests. */
const BATCH = 25;
const MAX_UNPROCESSED_ROUNDS = 8;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How many batch requests are in flight at once: 10,000 items are 400 BatchWriteItems, too slow one after another. */
const BATCHES_IN_FLIGHT = 8;

/** Runs `each` on every chunk of `size`, at most BATCHES_IN_FLIGHT at once. */
const inChunks = <T>(all: readonly T[], size: number, each: (chunk: T[]) => Promise<void>): Promise<void> =>
  inParallel(
    Array.from({ length: Math.ceil(all.length / size) }, (_, i) => all.slice(i * size, (i + 1) * size)),
    BATCHES_IN_FLIGHT,
    each,
  );

/**
 * Every put or delete, 25 to a BatchWriteItem (a few at once); what DynamoDB leaves unprocessed (throttling) is sent
 * again with a growing, jittered pause. Throws when some are still unprocessed after 8 rounds.
 */
export async function batchWriteAll(requests: WriteRequest[]): Promise<void> {
  const table = tableName();
  await inChunks(requests, BATCH, async (chunk) => {
    let pending: WriteRequest[] = chunk;
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_UNPROCESSED_ROUNDS) throw new Error(`BatchWriteItem left ${pending.length} requests unprocessed`);
      if (round > 0) await pause(Math.random() * Math.min(1000, 25 * 2 ** round));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = out.UnprocessedItems?.[table] ?? [];
    }
  });
}

/** BatchGetItem takes at most 100 keys. */
const GET_BATCH = 100;

/**
 * The items of these keys (those that exist), 100 to a strongly consistent BatchGetItem; keys DynamoDB
 * leaves unprocessed (throttling) are asked again with a growing, jittered pause. Throws when some are
 * still unprocessed after 8 rounds. The answer's order is not the keys'.
 */
export async function batchGetAll(keys: readonly Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const table = tableName();
  const items: Record<string, unknown>[] = [];
  await inChunks(keys, GET_BATCH, async (chunk) => {
    let pending = chunk;
    for (let round = 0; pending.length > 0; round++) {
      if (round >= MAX_UNPROCESSED_ROUNDS) throw new Error(`BatchGetItem left ${pending.length} keys unprocessed`);
      if (round > 0) await pause(Math.random() * Math.min(1000, 25 * 2 ** round));
      const out = await db().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: [...pending], ConsistentRead: true } } }));
      items.push(...(out.Responses?.[table] ?? []));
      pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  });
  return items;
}

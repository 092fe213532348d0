// The DynamoDB document client, created once per container. Outside AWS the endpoint
// points at DynamoDB Local; nothing else differs.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, NumberValue, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from '#shared/config';

export type Db = DynamoDBDocumentClient;

let client: Db | undefined;

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
  client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region,
      ...(dynamoEndpoint ? { endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    }),
    {
      marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false },
      unmarshallOptions: { wrapNumbers: readNumber },
    },
  );
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
export const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: unknown } | null | undefined)?.name === 'ConditionalCheckFailedException';

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

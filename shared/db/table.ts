// The one table's shape, shared by the CDK stack and the local run so both build the same thing.
// Keys are generic: every item names itself in `pk`/`sk`; see docs/data-model.md.

export const tableKeys = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** One generic index for the second access path of an item (lists, lookups by another key). */
  gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  /** Epoch seconds after which DynamoDB deletes the item (idempotency records, one-time codes). */
  ttlAttribute: 'expiresAt',
} as const;

/** CreateTable input for DynamoDB Local (the CDK stack builds the same keys with its own construct). */
export const createTableInput = (tableName: string) => ({
  TableName: tableName,
  BillingMode: 'PAY_PER_REQUEST' as const,
  AttributeDefinitions: [
    { AttributeName: tableKeys.partitionKey, AttributeType: 'S' as const },
    { AttributeName: tableKeys.sortKey, AttributeType: 'S' as const },
    { AttributeName: tableKeys.gsi1.partitionKey, AttributeType: 'S' as const },
    { AttributeName: tableKeys.gsi1.sortKey, AttributeType: 'S' as const },
  ],
  KeySchema: [
    { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' as const },
    { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' as const },
  ],
  // The balance items' moves are followed on the table's change stream (infra/functions.ts, streams).
  StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' as const },
  GlobalSecondaryIndexes: [
    {
      IndexName: tableKeys.gsi1.name,
      KeySchema: [
        { AttributeName: tableKeys.gsi1.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: tableKeys.gsi1.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    },
  ],
});

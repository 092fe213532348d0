// Points this test file's code at a fresh table of the shared DynamoDB Local.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable } from '#infra/local/dynamo';
import { resetConfig } from '#shared/config';
import { resetDb } from '#shared/db/client';

export async function useFreshTable(): Promise<{ endpoint: string; tableName: string }> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.TABLE_NAME = tableName;
  process.env.PLATFORM_RUNTIME = 'local';
  resetConfig();
  resetDb();
  return { endpoint, tableName };
}

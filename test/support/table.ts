// Points this test file's code at a fresh table of the shared DynamoDB Local, behind the local IAM guard
// (infra/local/iam-guard.ts): calls made as a function (runAs, asFunction) pass only what its role grants.
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { ensureTable } from '#infra/local/dynamo';
import { resetConfig } from '#shared/config';
import { inspectDbClients } from '#shared/db/client';
import { guardDynamo, IamGuard } from '#infra/local/iam-guard';

const guard = new IamGuard({ usageFile: process.env.IAM_USAGE_FILE || undefined });

export async function useFreshTable(): Promise<{ endpoint: string; tableName: string }> {
  const endpoint = inject('dynamoEndpoint');
  const tableName = `test-${randomUUID()}`;
  await ensureTable(endpoint, tableName);
  process.env.DYNAMODB_ENDPOINT = endpoint;
  process.env.TABLE_NAME = tableName;
  process.env.PLATFORM_RUNTIME = 'local';
  resetConfig();
  inspectDbClients((client) => guardDynamo(client, guard));
  return { endpoint, tableName };
}

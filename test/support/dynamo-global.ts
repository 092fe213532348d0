// Starts one in-memory DynamoDB Local for the run; each test file makes its own table in it (test/support/table.ts,
// and the local service of useLocalService: test/support/local-service.ts).
import type { TestProject } from 'vitest/node';
import { startDynamoLocal } from '#infra/local/dynamo';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamoEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const dynamo = await startDynamoLocal();
  project.provide('dynamoEndpoint', dynamo.endpoint);
  return () => dynamo.stop();
}

import { awsAdapters } from '#shared/adapters/index';
import { groupHandler } from '#shared/http/kit';
import { applicationOperations } from './applications.ts';
import { financeOperations } from './finance.ts';
import { userOperations } from './users.ts';

// The signing keys come from Secrets Manager, through the secrets extension.
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });

export const handler = groupHandler('admin', {
  ...applicationOperations,
  ...userOperations,
  ...financeOperations,
});

import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { aiSummaryOperations } from './ai-summary.ts';
import { applicationOperations } from './applications.ts';
import { financeOperations } from './finance.ts';
import { stampOperations } from './stamps.ts';
import { statementOperations } from './statement.ts';
import { userOperations } from './users.ts';
import type { adminContract } from './contract.ts';

// The applications' provider secrets are written here (and read nowhere in this group): shared/providers/secrets.ts.
needsConfig('providerSecretPrefix');
awsAdapters({ secretStore: async () => (await import('#shared/adapters/aws/secrets-manager')).secretsManagerStore() });

export const handler = groupHandler<typeof adminContract>('admin', {
  ...applicationOperations,
  ...userOperations,
  ...financeOperations,
  ...statementOperations,
  ...aiSummaryOperations,
  ...stampOperations,
});

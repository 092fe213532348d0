import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { integrationOperations } from './integrations.ts';
import { logOperations } from './logs.ts';
import { queryOperations } from './queries.ts';
import type { agentContract } from './contract.ts';

// The on-premises agent's channel: its integration (with the secrets), saved queries and execution logs. The batch
// import is its own function (functions/agent-import/, docs/decisions.md "The agent's batch import is its own function").
// The integrations' secrets (shared/secrets/integrations.ts), handed to the agent in its integration lists.
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
needsConfig('integrationSecretPrefix');

export const handler = groupHandler<typeof agentContract>('agent', { ...integrationOperations, ...queryOperations, ...logOperations });

import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { integrationOperations } from './integrations.ts';
import { logOperations } from './logs.ts';
import type { adminIntegrationsContract } from './contract.ts';

// The integrations' secrets are written here (and read only by the agent group): shared/secrets/integrations.ts.
// Their certificates and deleting one (which revokes them) are in the admin-certificates group.
awsAdapters({
  secretStore: async () => (await import('#shared/adapters/aws/secrets-manager')).secretsManagerStore(),
});
needsConfig('integrationSecretPrefix');

export const handler = groupHandler<typeof adminIntegrationsContract>('admin-integrations', { ...integrationOperations, ...logOperations });

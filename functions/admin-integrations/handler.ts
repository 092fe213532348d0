import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { groupHandler } from '#shared/http/kit';
import { certificateOperations } from './certificates.ts';
import { integrationOperations } from './integrations.ts';
import { logOperations } from './logs.ts';

// The integrations' secrets are written here (and read only by the agent group): shared/operations/integration-secrets.ts.
// The agent CA's secret (certificates from CSRs, CRLs) through the extension; the CRL to the CRL bucket.
awsAdapters({
  secretStore: async () => (await import('#shared/adapters/aws/secrets-manager')).secretsManagerStore(),
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  blobs: async () => (await import('#shared/adapters/aws/s3')).s3Blobs(),
});
needsConfig('integrationSecretPrefix', 'crlBucket');

export const handler = groupHandler('admin-integrations', { ...integrationOperations, ...logOperations, ...certificateOperations });

import { awsAdapters } from '#shared/adapters/index';
import { requestAuthorizer } from '#shared/auth/authorizer';

// The signing keys come from Secrets Manager, the CRL from the CRL bucket.
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets')).secretsManager(),
  blobs: async () => (await import('#shared/adapters/aws/s3')).s3Blobs(),
});

// Denies every request until this scheme's verification is built (authentication issue).
export const handler = requestAuthorizer('agent', async () => undefined);

import { awsAdapters } from '#shared/adapters/index';
import { requestAuthorizer } from '#shared/auth/authorizer';

// The signing keys (for verification) come from Secrets Manager.
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets')).secretsManager() });

// Denies every request until this scheme's verification is built (authentication issue).
export const handler = requestAuthorizer('portalJwt', async () => undefined);

import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { withLambdaLog } from '#shared/log';
import { authenticatePortal } from '#shared/auth/portal';

// The public verification keys (never the private ones) come from Secrets Manager, through the secrets extension.
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });
needsConfig('verificationKeySecretId');

// Admin, provider-portal, physician-portal and patient-app routes: a portal JWT of any role is
// authenticated here; the kit then lets it into its own role's routes only.
export const handler = withLambdaLog(requestAuthorizer('portalJwt', authenticatePortal));

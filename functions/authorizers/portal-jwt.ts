import { awsAdapters } from '#shared/adapters/index';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { withLambdaLog } from '#shared/log';
import { authenticatePortal } from '#shared/auth/portal';

// The signing keys (for verification) come from Secrets Manager, through the secrets extension.
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });

// Admin, provider-portal, physician-portal and patient-app routes: a portal JWT of any role is
// authenticated here; the kit then lets it into its own role's routes only.
export const handler = withLambdaLog(requestAuthorizer('portalJwt', authenticatePortal));

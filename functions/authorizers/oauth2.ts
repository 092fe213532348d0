// Authorizer of /api/external/v2/**: an OAuth2 bearer access token (RS256, typ at+jwt). It only
// authenticates; the kit enforces the route's scope and the token's exp on every request, also
// when API Gateway serves this answer from its cache.
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { authenticateBearer, authorizationValues } from '#shared/auth/bearer';
import { withLambdaLog } from '#shared/log';

// The public verification keys (never the private ones) come from Secrets Manager, through the secrets extension.
awsAdapters({ secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension() });
needsConfig('verificationKeySecretId');

export const handler = withLambdaLog(
  requestAuthorizer('oauth2', async (event) => {
    const values = authorizationValues(event).filter((v) => v.trim() !== '');
    // No credentials: API Gateway's own 401 with the bare Bearer challenge (RFC 6750 3.1).
    if (values.length === 0) return undefined;
    // Two Authorization headers: ambiguous, so neither is trusted.
    return authenticateBearer(values.length === 1 ? values[0] : undefined);
  }),
);

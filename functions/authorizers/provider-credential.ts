import { requestAuthorizer } from '#shared/auth/authorizer';
import { providerCredentialAuthenticator } from '#shared/auth/provider-credential';
import { getProviderCredentialByKey } from '#shared/db/provider-credential-lookup';
import { dynamoRateLimiter } from '#shared/db/rate-limit';
import { withLambdaLog } from '#shared/log';

// nbwp_ key and secret, IP allowlist and per-minute limit: at most two DynamoDB requests per call
// (the credential read, and the counter write when the credential has a limit). No cache in API
// Gateway (authorizer-settings.ts), so revocation and the limit apply to every request.
export const handler = withLambdaLog(
  requestAuthorizer(
    'providerCredential',
    providerCredentialAuthenticator({ findByKey: getProviderCredentialByKey, rateLimiter: dynamoRateLimiter() }),
  ),
);

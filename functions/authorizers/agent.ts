import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { authenticate } from '#shared/auth/agent';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { withLambdaLog } from '#shared/log';

// The public verification keys come from Secrets Manager through the secrets extension; the CRL from the CRL bucket.
awsAdapters({
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
  blobs: async () => (await import('#shared/adapters/aws/s3')).s3Blobs(),
});
needsConfig('verificationKeySecretId');

// Client certificate of the agent CA, not revoked, then the OAuth2 access token (shared/auth/agent.ts).
export const handler = withLambdaLog(requestAuthorizer('agent', (event) => authenticate(event)));

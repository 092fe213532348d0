import { requestAuthorizer } from '#shared/auth/authorizer';

// Denies every request until this scheme's verification is built (authentication issue).
export const handler = requestAuthorizer('oauth2', async () => undefined);

import { authenticateApiKey } from '#shared/auth/api-key';
import { requestAuthorizer } from '#shared/auth/authorizer';

// External API (/api/external/messages, /api/external/financeiro, /api/v2): X-Api-Key + X-Api-Secret,
// checked against the table on every request (API Gateway's cache is off for this scheme).
export const handler = requestAuthorizer('apiKey', (event) => authenticateApiKey(event));

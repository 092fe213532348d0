import { authenticateApiKey } from '#shared/auth/api-key';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { withLambdaLog } from '#shared/log';

// External API (/api/external/messages, /api/external/financeiro, /api/v2): X-Api-Key + X-Api-Secret,
// checked against the table on every request (API Gateway's cache is off for this scheme).
export const handler = withLambdaLog(requestAuthorizer('apiKey', (event) => authenticateApiKey(event)));

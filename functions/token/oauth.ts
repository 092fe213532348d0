import type { Operations } from '#shared/http/kit';

// POST /oauth2/token and GET /.well-known/jwks.json.
export const oauthOperations: Operations = {};

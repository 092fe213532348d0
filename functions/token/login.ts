import type { Operations } from '#shared/http/kit';

// Logins that issue the portal JWTs.
export const loginOperations: Operations = {};

import type { Operations } from '#shared/http/kit';

// /api/prestador/credenciais/**: the provider's nbwp_ machine credentials.
export const credentialOperations: Operations = {};

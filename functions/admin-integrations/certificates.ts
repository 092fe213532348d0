import type { Operations } from '#shared/http/kit';

// Agent certificates (issue from a CSR, list, revoke) answer 501 until the CA's issuing code lands.
export const certificateOperations: Operations<'admin-integrations'> = {};

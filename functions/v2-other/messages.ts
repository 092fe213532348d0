import type { Operations } from '#shared/http/kit';

// POST /api/external/v2/mensagens: the v2 send, same operation as the API-key send.
export const messageOperations: Operations = {};

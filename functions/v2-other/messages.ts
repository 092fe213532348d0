import { sendOperation } from '#functions/external-messages/send';
import type { Operations } from '#shared/http/kit';

// POST /api/external/v2/mensagens: the v2 send, same operation and same answers as the API-key send.
export const messageOperations: Operations = {
  'POST /api/external/v2/mensagens': sendOperation,
};

// What the external messages group validates beyond the send's body (shared/operations/send-message.ts): the list's query.
// Its contract (functions/external-messages/contract.ts) documents them.
import * as z from 'zod/mini';
import { messageStatuses } from '#shared/domain/messages/records';
import { pagingQuery } from '#shared/http/paging';

/** The list's query: `page` and `size` (checked first, as every paged listing), then the filters. */
export const messageListQuery = z.extend(pagingQuery, {
  status: z.optional(z.enum(messageStatuses)),
  contexto: z.optional(z.string().check(z.minLength(1), z.maxLength(50))),
});

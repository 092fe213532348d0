// What the admin-integrations group validates: the execution log's page.
// Its contract (functions/admin-integrations/contract.ts) documents them.
import * as z from 'zod/mini';
import { integer } from '#shared/http/paging';

export const pageQuery = z.object({
  limite: integer(1, 100, 20),
  // A cursor is at most 200 base64url characters (shared/db/execution-logs.ts); a longer one is no cursor of this list.
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});

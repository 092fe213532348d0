// What the admin-plans group validates: a plan change. Its contract (functions/admin-plans/contract.ts) documents it.
import * as z from 'zod/mini';

export const planBody = z.object({ planoId: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)) });

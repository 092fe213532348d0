// What the admin-certificates group validates: an agent certificate's issue and revocation.
// Its contract (functions/admin-certificates/contract.ts) documents them.
import * as z from 'zod/mini';

export const issueBody = z.object({
  csr: z.string().check(z.minLength(1), z.maxLength(20_000)),
  validadeDias: z.optional(z.int().check(z.minimum(1), z.maximum(825))),
});

export const revokeBody = z.object({ motivo: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200)))) });

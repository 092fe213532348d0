// Validation at the edge with zod/mini (a fraction of zod's cold-start cost). A failure is
// a 400 whose message names the field, so the caller knows what to fix; nothing is written.
// The wording lives with the domain's parser (shared/domain/validation.ts): one answer whichever
// layer refused the input.
import type * as z from 'zod/mini';
import { parseInput } from '#shared/domain/validation';

/** Parses `value` with `schema` or throws a 400 naming the first offending field. */
export const validate = <S extends z.ZodMiniType>(schema: S, value: unknown, what = 'body'): z.infer<S> => parseInput(schema, value, what);

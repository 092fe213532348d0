// Page and size query parameters shared by every paged listing of the spec:
// page defaults to 0, size to 20 and may not exceed 100.
import * as z from 'zod/mini';
import { validate } from '#shared/http/validation';
import type { PageRequest } from '#shared/domain/paging';

/**
 * A plain decimal integer ("12"; not " 12", "1e1", "0x10" or "12.0") within [min, max]; absent means `fallback`.
 * Read from the query string's text; the OpenAPI document shows it as `type: integer` (queryIntegers,
 * shared/http/contract/kit.ts).
 */
export const integer = (min: number, max: number, fallback: number) =>
  z._default(
    z.pipe(
      z.string().check(z.regex(/^\d{1,9}$/, { error: 'must be a plain decimal integer' }), z.maxLength(9)),
      z.pipe(z.transform(Number), z.number().check(z.minimum(min), z.maximum(max))),
    ),
    fallback,
  );

/** The query parameters `page` and `size` (also what the OpenAPI document shows for every paged listing). */
export const pagingQuery = z.object({ page: integer(0, 1_000_000, 0), size: integer(1, 100, 20) });

export const readPaging = (query: Record<string, string>): PageRequest =>
  validate(pagingQuery, { page: query.page, size: query.size }, 'query');

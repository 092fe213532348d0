// The kit of the API contract beside the route table. Each group's functions/<group>/contract.ts
// gives, for each route, its path, query and body schemas (the zod/mini schemas its handler
// validates with, from the group's requests.ts) and its documented answers. It lives apart from
// shared/http/routes.ts because every Lambda bundles the table; only the OpenAPI generator
// (infra/openapi) and the tests import the contracts, so none of them, and none of zod's JSON Schema
// conversion, enters a bundle (test/unit/openapi.test.ts, "Lambda bundles").
import * as z from 'zod/mini';
import type { Group, GroupRoutes } from '#shared/http/routes';
import { pagingQuery } from '#shared/http/paging';

/** Names and descriptions of the schemas the document shows as components (`#/components/schemas/<id>`). */
export const schemaNames = z.registry<{ id?: string; description?: string; example?: unknown }>();

/** A schema shown once under its own name and referenced wherever it is used. */
export function named<S extends z.ZodMiniType>(id: string, schema: S, description?: string): S {
  schemaNames.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

/** A copy of a schema with a description (a field, a parameter); the shared schema itself is left as it is. */
export function described<S extends z.ZodMiniType>(schema: S, description: string): S {
  const copy = schema.clone();
  schemaNames.add(copy, { description });
  return copy;
}

/** A header of the request: Idempotency-Key, a webhook's signature, the status token. */
export interface HeaderDoc {
  name: string;
  description: string;
  required?: boolean;
  schema?: z.ZodMiniType;
}

/** One documented answer. `body` is JSON unless `contentType` says otherwise. */
export interface ResponseDoc {
  description: string;
  body?: z.ZodMiniType;
  /** Non-JSON answers: `text/plain` (the Meta handshake), `application/pkix-crl`, `text/html`. */
  contentType?: string;
  headers?: Record<string, { description: string; schema?: z.ZodMiniType }>;
}

/**
 * The error codes of the service's error body `{error, message}` by status. The generator adds what
 * every route of a scheme can answer (401/403 of the authorizers, 429, 415 and 400 `invalid_encoding`
 * for a route that reads a body, 400 `invalid_json` and `validation_error` for a JSON body, 500); a route lists the rest in `errors`. A code the handlers answer with that is missing
 * here is added here (the OAuth2 token endpoint's RFC 6749 errors have their own body: `responses`).
 */
export const errorCodes = {
  400: ['validation_error', 'bad_request', 'invalid_json', 'invalid_encoding', 'missing_signature', 'provider_rejected'],
  401: ['unauthorized', 'invalid_token', 'invalid_signature', 'invalid_credentials', 'invalid_code', 'invalid_grant'],
  402: ['insufficient_balance'],
  403: ['forbidden', 'insufficient_scope', 'invalid_signature'],
  404: ['not_found'],
  409: ['conflict'],
  413: ['payload_too_large'],
  415: ['unsupported_media_type'],
  422: ['unprocessable_entity'],
  429: ['too_many_requests', 'too_many_attempts', 'too_many_codes'],
  500: ['internal_error'],
  501: ['not_implemented'],
  502: ['bad_gateway', 'provider_unavailable'],
  503: ['crl_unavailable', 'service_unavailable'],
} as const;
export type ErrorStatus = keyof typeof errorCodes;
export type ErrorsOf = { [S in ErrorStatus]?: readonly (typeof errorCodes)[S][number][] };

export interface RouteContract {
  /** One line, shown in the reference's navigation. */
  summary: string;
  /** The rules a caller needs: limits, what is idempotent, what a refusal means. Markdown. */
  description?: string;
  /** Path parameters; by default `{id}`-like ones are int64 and the rest strings. */
  path?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  /**
   * The JSON body (or the form fields of a `form` route, or the payload of a `raw` webhook). Whether it
   * may be left out and which media types it is sent as are the route table's (`bodyRequired`, `accepts`).
   */
  body?: z.ZodMiniType;
  headers?: readonly HeaderDoc[];
  /** Cookies the route reads (OpenAPI `in: cookie` parameters). */
  cookies?: readonly HeaderDoc[];
  /** The answers that are not errors (2xx), and any error whose body is not the service's error body. */
  responses: Partial<Record<number, ResponseDoc>>;
  /** The route's own error answers (the service's error body), by status. */
  errors?: ErrorsOf;
}

/**
 * The contract of every route of a group: a route without one does not compile. A group's contract is written
 * `{ ... } satisfies GroupContract<'x'>`, not annotated with it, so its type keeps each answer's schema: the
 * group's handler is typed from it (`groupHandler<typeof xContract>`, shared/http/kit.ts).
 */
export type GroupContract<G extends Group> = { [K in keyof GroupRoutes<G>]: RouteContract };

/**
 * Query parameters that are integers: the handlers read them from the query string's text (shared/http/paging.ts,
 * functions/agent/queries.ts), the OpenAPI document shows them as `type: integer` with these bounds, so a
 * generated client passes numbers. Registered here, not beside the handlers' schemas, so no Lambda bundle
 * carries the registry; test/unit/openapi.test.ts fails on a digits-only string left in the document.
 */
export const queryIntegers = z.registry<{ minimum: number; maximum: number; default?: number; format?: 'int32' | 'int64' }>();
queryIntegers.add(pagingQuery.shape.page, { minimum: 0, maximum: 1_000_000, default: 0 });
queryIntegers.add(pagingQuery.shape.size, { minimum: 1, maximum: 100, default: 20 });

/** `Idempotency-Key` as the send and /execucao accept it. */
export const idempotencyKeyHeader: HeaderDoc = {
  name: 'Idempotency-Key',
  description:
    'Optional. A repeat with the same key (within 24 hours, same credential) is not processed again: it answers the first result.',
  schema: z.string().check(z.minLength(1), z.maxLength(255)),
};

// Shapes many routes share.

/** A decimal amount as a string, never a float ("12.50", "-0.07"). */
export const money = named('Money', z.string().check(z.regex(/^-?\d+\.\d+$/)), 'A decimal amount as a string, never a float.');

/** The spec's timestamps: an ISO 8601 local date-time without a zone (America/Sao_Paulo). */
export const timestamp = named(
  'LocalDateTime',
  z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?$/)),
  'ISO 8601 local date-time without a zone, in the service time zone (America/Sao_Paulo).',
);

/** A calendar date, YYYY-MM-DD. */
export const date = named('LocalDate', z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)), 'A calendar date, YYYY-MM-DD.');

/** A numeric id (the spec's `{id}` is a 64-bit integer; the service's fit in a JavaScript number). */
export const id = z.int();

/** External v2 and portal pages: `{content, total, page, size, totalPages}` (shared/domain/paging.ts). */
export const v2Page = <S extends z.ZodMiniType>(item: S) =>
  z.object({ content: z.array(item), total: z.int(), page: z.int(), size: z.int(), totalPages: z.int() });

/** External messages, the statement and the admin lists: `{content, totalElements, totalPages, number, size}`. */
export const elementsPage = <S extends z.ZodMiniType>(item: S) =>
  z.object({ content: z.array(item), totalElements: z.int(), totalPages: z.int(), number: z.int(), size: z.int() });

/**
 * A documented answer, with its body's schema kept in its type: the handler's answer for that status is typed
 * from it (`AnswerOf`, shared/http/kit.ts).
 */
export function ok(description: string): { description: string };
export function ok<B extends z.ZodMiniType>(description: string, body: B): { description: string; body: B };
export function ok(description: string, body?: z.ZodMiniType): ResponseDoc {
  return body ? { description, body } : { description };
}
export const noContent = { description: 'Done; no body.' } satisfies ResponseDoc;

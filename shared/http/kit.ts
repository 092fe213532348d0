// The HTTP kit every endpoint-group Lambda uses: one middy stack that finds the route
// API Gateway matched, reads the body the way the route table says, runs the operation
// and turns errors into the service's error body. Unknown failures become a logged 500.
import middy, { type Request } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { RouteContract } from '#shared/http/contract/kit';
import { fromAuthorizerContext, type Principal, type TenantPrincipal } from '#shared/auth/principal';
import { checkAccess } from '#shared/http/access';
import { checkBody, parseJsonText } from '#shared/http/body';
import { exposedError, HttpError, notImplemented, payloadTooLarge } from '#shared/http/errors';
import { acceptedMediaTypes, findRoute, routeKey, routesOf, type Group, type GroupRoutes, type Route } from '#shared/http/routes';
import { addLogContext, lambdaLogFields, log, withLogContext } from '#shared/log';

export interface ApiRequest<P extends Principal = Principal> {
  route: Route;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /**
   * Parsed JSON for `json` routes: what the route takes (an object, or an array where it says so), or
   * undefined when the route's body is optional and none was sent.
   */
  body: unknown;
  /** Form fields for `form` routes; undefined when no body was sent. */
  form: URLSearchParams | undefined;
  /** The exact bytes received (webhook signatures are computed over them). */
  rawBody: Buffer;
  principal: P;
  requestId: string;
  sourceIp: string;
  event: APIGatewayProxyEvent;
}

export interface ApiResponse {
  statusCode: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Binary payload; sent base64-encoded to API Gateway. */
  binary?: Uint8Array;
}

/** The request of a route with an authorizer: its principal always names the application. */
export type TenantRequest = ApiRequest<TenantPrincipal>;

// ---------------------------------------------------------------------------------------------
// Answers typed from the contract. A group's contract (functions/<group>/contract.ts) documents each route's
// answers by status; its handler names it as a type only (`import type`, nothing of it enters the bundle) and
// each operation must answer one of them: the body of a JSON answer is `z.output` of the schema documented for
// its status, an answer documented without a body has none, a non-JSON one (text/plain, text/csv,
// application/pkix-crl) is a string or bytes with its Content-Type. Errors are thrown (HttpError, domain
// errors), not answered; an error whose body is not the service's error body is in `responses`, typed there.

declare const serialised: unique symbol;
/** JSON text already serialised (`jsonText`), typed by the value it holds: a cached document sent as it is. */
export type JsonText<T> = string & { readonly [serialised]: T };
export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

type AnswerHeaders = Record<string, string>;

/** The answer a status's documentation allows. */
type AnswerAt<S extends number, D> = D extends { contentType: string }
  ? { statusCode: S; body?: string; binary?: Uint8Array; headers: AnswerHeaders & { 'Content-Type': string } }
  : D extends { body: infer B extends z.ZodMiniType }
    ? { statusCode: S; body: z.output<B> | JsonText<z.output<B>>; headers?: AnswerHeaders; binary?: undefined }
    : { statusCode: S; body?: undefined; headers?: AnswerHeaders; binary?: undefined };

/**
 * The answers documented `responses` allow: the union over their statuses. Responses whose statuses are not known
 * to the compiler (annotated `RouteContract`, the untyped tests) allow any answer.
 */
export type Answers<R extends RouteContract['responses']> = number extends keyof R
  ? ApiResponse
  : { [S in keyof R & number]: AnswerAt<S, R[S]> }[keyof R & number];

/** The answers of a route, by its contract. */
export type AnswerOf<RC extends RouteContract> = Answers<RC['responses']>;

/** The answer's body for a status (or statuses), out of the answers `A` the route allows; `unknown` when untyped. */
type BodyAt<A, S> = A extends { statusCode: infer T; body?: infer B } ? (number extends T ? unknown : T extends S ? B : never) : never;

export type Operation<P extends Principal = Principal, A = ApiResponse> = (request: ApiRequest<P>) => Promise<A>;

/** What an operation of a route receives: a tenant for every scheme but `none`. */
type PrincipalFor<A> = A extends 'none' ? Principal : TenantPrincipal;

/** Any group's contract, as a type: the default, untyped (every answer allowed), is what tests use. */
type AnyContract = Record<string, RouteContract>;

/**
 * The operations of a group's routes, each typed by its route's scheme and, given the group's contract `C`
 * (`typeof xContract`), answering what the contract documents for it; a key outside the group does not compile.
 */
export type Operations<G extends Group, C extends AnyContract = AnyContract> = {
  [K in keyof GroupRoutes<G>]?: Operation<PrincipalFor<GroupRoutes<G>[K]>, K extends keyof C ? AnswerOf<C[K]> : ApiResponse>;
};

/** The answers a route of a contract allows: what a helper that answers for an operation returns. */
export type AnswerFor<C extends AnyContract, K extends keyof C> = AnswerOf<C[K]>;

/**
 * `B` as the answer body `T` allows, field by field: a field `T` does not have (at any depth, in arrays and
 * in each member of a union) becomes `never`, so a value carrying more than the contract documents (a record
 * handed over as it is, a view that adds a field) is refused, not only an object literal. So is `any` (an
 * unchecked `JSON.parse`), which would pass for anything.
 */
type Exact<B, T> = unknown extends T ? B : [B] extends [T] ? ExactIn<B, T> : B;
type ExactIn<B, T> = 0 extends 1 & B
  ? never
  : B extends string | number | boolean | bigint | null | undefined
    ? B
    : B extends readonly (infer BE)[]
      ? T extends readonly (infer TE)[]
        ? ExactIn<BE, TE>[]
        : never
      : B extends object
        ? T extends readonly unknown[]
          ? never
          : T extends object
            ? { [K in keyof B]: K extends keyof T ? ExactIn<B[K], T[K]> : never }
            : never
        : B;

/**
 * A JSON answer. Its body is typed by where it is answered: an operation's return gives the answers its route
 * documents (`A`, inferred from there), and the body must be the one documented for `status`, with no field
 * the schema lacks (a field too many fails as "not assignable to never"). Outside an operation's return (a
 * helper), annotate the helper's return type with `AnswerFor<...>`; without any, the body is untyped (tests).
 */
export const json = <const S extends number, A = ApiResponse, B extends BodyAt<A, S> = BodyAt<A, S>>(
  statusCode: S,
  body: B & NoInfer<Exact<B, BodyAt<A, S>>>,
  headers?: Record<string, string>,
): A => ({ statusCode, body, headers }) as A;

/**
 * The answers of a group's routes marked `bodyRefusals: 'route'` to a body the kit refused (its 413, 415
 * or 400, before the operation runs), in the route's own error form.
 */
export type BodyRefusals<G extends Group> = { [K in keyof GroupRoutes<G>]?: (refusal: HttpError) => ApiResponse };

const lowerCaseKeys = (headers: Record<string, string | undefined> | null): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = v;
  return out;
};

const compact = (values: Record<string, string | undefined> | null): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values ?? {})) if (v !== undefined) out[k] = v;
  return out;
};

/**
 * A json route's body must be what the route takes (an object unless it says array): a missing body
 * where one is required, `null`, a number, a string or the wrong structure is the same 400 on every route.
 */
function checkBodyType(route: Route, body: unknown): void {
  if (body === undefined && route.bodyRequired === false) return;
  const type = route.bodyType ?? 'object';
  const ok = type === 'array' ? Array.isArray(body) : body !== null && typeof body === 'object' && !Array.isArray(body);
  if (!ok) throw new HttpError(400, 'validation_error', `body must be a JSON ${type}`, { field: 'body' });
}

export function readRequest<P extends Principal>(event: APIGatewayProxyEvent, route: Route, principal: P): ApiRequest<P> {
  const headers = lowerCaseKeys(event.headers);
  const rawBody = event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  if (route.maxBodyBytes !== undefined && rawBody.length > route.maxBodyBytes) {
    throw payloadTooLarge(rawBody.length, route.maxBodyBytes);
  }
  let body: unknown;
  let form: URLSearchParams | undefined;
  if (route.body !== 'none' && rawBody.length > 0) {
    const text = checkBody(rawBody, headers['content-type'], acceptedMediaTypes(route));
    if (route.body === 'json') body = parseJsonText(text);
    else if (route.body === 'form') form = new URLSearchParams(text);
  }
  if (route.body === 'json') checkBodyType(route, body);
  return {
    route,
    pathParameters: compact(event.pathParameters),
    query: compact(event.queryStringParameters),
    headers,
    body,
    form,
    rawBody,
    principal,
    requestId: event.requestContext?.requestId ?? 'unknown',
    sourceIp: event.requestContext?.identity?.sourceIp ?? '',
    event,
  };
}

export function toResult(response: ApiResponse, requestId: string): APIGatewayProxyResult {
  const headers: Record<string, string> = { 'X-Request-Id': requestId, ...response.headers };
  if (response.binary) {
    return { statusCode: response.statusCode, headers, body: Buffer.from(response.binary).toString('base64'), isBase64Encoded: true };
  }
  if (response.body === undefined) return { statusCode: response.statusCode, headers, body: '' };
  if (typeof response.body === 'string' && headers['Content-Type']) {
    return { statusCode: response.statusCode, headers, body: response.body };
  }
  return {
    statusCode: response.statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify(response.body),
  };
}

export function errorResult(error: unknown, requestId: string): APIGatewayProxyResult {
  const exposed = exposedError(error);
  if (exposed) {
    if (exposed.statusCode === 501) log.warn('route not implemented', { status: 501 });
    else if (exposed.statusCode >= 500) log.error('request failed', { status: exposed.statusCode, code: exposed.code });
    else log.info('request refused', { status: exposed.statusCode, code: exposed.code, reason: exposed.message });
    return toResult(
      {
        statusCode: exposed.statusCode,
        headers: exposed.headers,
        body: { error: exposed.code, message: exposed.message, ...exposed.extra },
      },
      requestId,
    );
  }
  log.error('unexpected error', { error });
  return toResult({ statusCode: 500, body: { error: 'internal_error', message: 'Internal server error', requestId } }, requestId);
}

/** The group whose routes a contract is of. */
type GroupOf<C> = { [G in Group]: [keyof C & keyof GroupRoutes<G>] extends [never] ? never : G }[Group];

/**
 * The Lambda handler of one endpoint group, typed by its contract: `groupHandler<typeof xContract>('x', {...})`
 * (the contract imported with `import type`), each operation answering what its route documents. Every route of the
 * group is served: those without an operation yet answer 501, visibly. A route whose table entry says
 * `bodyRefusals: 'route'` answers a body the kit refuses with its entry in `bodyRefusals`, which it must have.
 */
export function groupHandler<C extends AnyContract = AnyContract, G extends Group = GroupOf<C>>(
  group: G,
  operations: NoInfer<Operations<G, C>>,
  bodyRefusals: BodyRefusals<G> = {},
) {
  const own = new Set<string>(routesOf(group).map(routeKey));
  for (const key of Object.keys(operations)) {
    if (!own.has(key)) throw new Error(`operation ${key} is not a route of group ${group}`);
  }
  const refusalsByKey = bodyRefusals as Partial<Record<string, (refusal: HttpError) => ApiResponse>>;
  for (const route of routesOf(group)) {
    const key = routeKey(route);
    const mapped = refusalsByKey[key] !== undefined;
    if (mapped && route.bodyRefusals !== 'route') throw new Error(`${key} answers body refusals itself but its route says the kit does`);
    if (!mapped && route.bodyRefusals === 'route' && key in operations) throw new Error(`${key} must map the kit's body refusals`);
  }
  // Each operation was typed by its route's scheme (Operations<G>): the principal handed over matches it.
  const byKey = operations as Partial<Record<string, Operation<Principal, ApiResponse>>>;

  const dispatch = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
    .use({
      onError: async (request: Request<APIGatewayProxyEvent, APIGatewayProxyResult>) => {
        request.response = errorResult(request.error, request.event.requestContext?.requestId ?? 'unknown');
      },
    })
    .handler(async (event: APIGatewayProxyEvent) => {
      const route = findRoute(event.httpMethod, event.resource);
      if (!route || route.group !== group) throw new HttpError(404, 'not_found', 'No such route');
      const principal = fromAuthorizerContext(event.requestContext?.authorizer);
      if (principal.aplicacaoId !== undefined) addLogContext({ aplicacaoId: principal.aplicacaoId });
      const allowed = route.auth === 'none' ? principal : checkAccess(route, principal);
      let request: ApiRequest;
      try {
        request = readRequest(event, route, allowed);
      } catch (error) {
        const refuse = refusalsByKey[routeKey(route)];
        if (!refuse || !(error instanceof HttpError)) throw error;
        return toResult(refuse(error), event.requestContext?.requestId ?? 'unknown');
      }
      const operation = byKey[routeKey(route)];
      if (!operation) throw notImplemented(`${route.method} ${route.path}`);
      const response = await operation(request);
      return toResult(response, request.requestId);
    });

  return (event: APIGatewayProxyEvent, context: Context) => {
    const started = Date.now();
    const requestId = event.requestContext?.requestId ?? context?.awsRequestId ?? 'unknown';
    return withLogContext({ ...lambdaLogFields(context), requestId, group, route: `${event.httpMethod} ${event.resource}` }, async () => {
      const result = await dispatch(event, context);
      log.info('request served', { status: result.statusCode, ms: Date.now() - started });
      return result;
    });
  };
}

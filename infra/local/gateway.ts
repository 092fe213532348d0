// The local stand-in for API Gateway (REST API, Lambda proxy integration), built from the
// route table: it matches the route, runs the route's authorizer with a REQUEST authorizer
// event, turns the HTTP request into the APIGatewayProxyEvent the group's Lambda receives,
// and writes the Lambda's result back. Its own answers (no route, refused, authorizer
// failure) are the gateway responses of shared/http/gateway-responses.ts, as in the CDK stack.
// Where AWS is stricter than a local process it is as strict, from the same numbers the stack
// uses: API Gateway's payload limit and integration timeout and Lambda's invocation payload limit
// (infra/constructs/aws-limits.ts), each function's timeout (infra/functions.ts), and the
// authorizers' result cache (infra/constructs/authorizer-settings.ts).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type {
  APIGatewayAuthorizerResult,
  APIGatewayEventClientCertificate,
  APIGatewayProxyEvent,
  APIGatewayProxyResult,
  APIGatewayRequestAuthorizerEvent,
} from 'aws-lambda';
import { authorizerSettings } from '#infra/constructs/authorizer-settings';
import {
  API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS,
  API_GATEWAY_MAX_PAYLOAD_BYTES,
  LAMBDA_SYNC_PAYLOAD_BYTES,
} from '#infra/constructs/aws-limits';
import { transformedKey, type RateLimit } from '#infra/constructs/rate-limits';
import { authorizerFunctions, groupFunctions } from '#infra/functions';
import { lambdaContext, runAs, loadHandler, type LambdaHandler } from '#infra/local/handlers';
import { consolePage } from '#infra/local/console-site';
import { referencePage } from '#infra/local/reference-page';
import { gatewayResponses, type GatewayAnswer } from '#shared/http/gateway-responses';
import { systemClock, type Clock } from '#shared/domain/time';
import { routes as routeTable, type AuthorizedScheme, type Group, type Route } from '#shared/http/routes';
import { log } from '#shared/log';

export const STAGE = 'local';
const ACCOUNT = '000000000000';
const API_ID = 'local';

export type GroupHandler = LambdaHandler<APIGatewayProxyEvent, APIGatewayProxyResult>;
export type AuthorizerHandler = LambdaHandler<APIGatewayRequestAuthorizerEvent, APIGatewayAuthorizerResult>;

/**
 * API Gateway's own default bodies for answers the service does not customise. How a Lambda's failure
 * is answered: https://docs.aws.amazon.com/lambda/latest/dg/services-apigateway-errors.html ("If the
 * Lambda API rejects the invocation request, API Gateway returns a 500 error code. If the function runs
 * but returns an error, or returns a response in the wrong format, API Gateway returns a 502").
 */
export const defaultAnswers = {
  REQUEST_TOO_LARGE: { statusCode: 413, body: { message: 'Request Too Long' } },
  INTEGRATION_TIMEOUT: { statusCode: 504, body: { message: 'Endpoint request timed out' } },
  /** Lambda refused the invocation (an event over its payload limit): the function never ran. */
  INVOCATION_REFUSED: { statusCode: 500, body: { message: 'Internal server error' } },
  /** The function failed: threw, ran out of its timeout, or returned a malformed or oversized result. */
  BAD_GATEWAY: { statusCode: 502, body: { message: 'Internal server error' } },
} as const;

// ---------------------------------------------------------------------------------------------
// Route matching

export interface RouteMatch {
  route: Route;
  pathParameters: Record<string, string> | null;
}

const segmentsOf = (path: string) => path.split('/').slice(1);
const isParam = (segment: string) => segment.startsWith('{') && segment.endsWith('}');

/**
 * The route for a method and a path (already without query string). Literal segments beat
 * `{params}` at the first position where candidates differ, as API Gateway's resource tree does.
 * Path parameters are returned decoded.
 */
export function matchRoute(routes: readonly Route[], method: string, rawPath: string): RouteMatch | undefined {
  const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
  const segments = segmentsOf(path);
  let best: { route: Route; rank: string } | undefined;
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = segmentsOf(route.path);
    if (pattern.length !== segments.length) continue;
    let rank = '';
    let ok = true;
    for (let i = 0; i < pattern.length && ok; i++) {
      const p = pattern[i] as string;
      const s = segments[i] as string;
      if (isParam(p)) {
        ok = s.length > 0;
        rank += '1';
      } else {
        ok = p === s;
        rank += '0';
      }
    }
    if (ok && (!best || rank < best.rank)) best = { route, rank };
  }
  if (!best) return undefined;
  const pattern = segmentsOf(best.route.path);
  const pathParameters: Record<string, string> = {};
  pattern.forEach((p, i) => {
    if (!isParam(p)) return;
    const raw = segments[i] as string;
    let value = raw;
    try {
      value = decodeURIComponent(raw);
    } catch {
      // API Gateway passes an undecodable segment through as received.
    }
    pathParameters[p.slice(1, -1)] = value;
  });
  return { route: best.route, pathParameters: Object.keys(pathParameters).length ? pathParameters : null };
}

// ---------------------------------------------------------------------------------------------
// Event building

interface RequestParts {
  headers: Record<string, string>;
  multiValueHeaders: Record<string, string[]>;
  queryStringParameters: Record<string, string> | null;
  multiValueQueryStringParameters: Record<string, string[]> | null;
}

const sourceIpOf = (req: IncomingMessage) => (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

function readParts(req: IncomingMessage, rawQuery: string, serverPort: number): RequestParts {
  const multi: Record<string, string[]> = {};
  const single: Record<string, string> = {};
  // Names keep the caller's case, as API Gateway passes them; repeated names keep every value.
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    const value = req.rawHeaders[i + 1] as string;
    const existing = Object.keys(multi).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    (multi[existing] ??= []).push(value);
    single[existing] = value;
  }
  const setHeader = (name: string, value: string) => {
    const existing = Object.keys(multi).find((k) => k.toLowerCase() === name.toLowerCase());
    if (existing) {
      delete multi[existing];
      delete single[existing];
    }
    multi[name] = [value];
    single[name] = value;
  };
  const forwardedFor = Object.keys(single).find((k) => k.toLowerCase() === 'x-forwarded-for');
  const ip = sourceIpOf(req);
  setHeader('X-Forwarded-For', forwardedFor ? `${single[forwardedFor]}, ${ip}` : ip);
  // The agent channel's HTTPS port (infra/local/agent-tls.ts) hands its requests to this gateway too.
  const tls = (req.socket as TLSSocket).encrypted === true;
  setHeader('X-Forwarded-Proto', tls ? 'https' : 'http');
  setHeader('X-Forwarded-Port', String(tls ? req.socket.localPort : serverPort));

  const query: Record<string, string[]> = {};
  if (rawQuery) {
    for (const [k, v] of new URLSearchParams(rawQuery)) (query[k] ??= []).push(v);
  }
  const hasQuery = Object.keys(query).length > 0;
  return {
    headers: single,
    multiValueHeaders: multi,
    queryStringParameters: hasQuery ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, v[v.length - 1] as string])) : null,
    multiValueQueryStringParameters: hasQuery ? query : null,
  };
}

const requestTime = (d: Date) => {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCDate())}/${months[d.getUTCMonth()]}/${d.getUTCFullYear()}:${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())} +0000`;
};

// ---------------------------------------------------------------------------------------------
// Authorizer policy

const arnMatches = (pattern: string, arn: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(arn);

type PolicyDecision = 'allow' | 'deny';

/** Evaluates the authorizer's policy for the method ARN: an explicit Deny wins, then Allow, else deny. */
export function evaluatePolicy(result: APIGatewayAuthorizerResult, methodArn: string): PolicyDecision {
  const statements = result.policyDocument?.Statement ?? [];
  let allowed = false;
  for (const statement of statements) {
    const s = statement as { Effect?: string; Action?: string | string[]; Resource?: string | string[] };
    const actions = ([] as string[]).concat(s.Action ?? []);
    const resources = ([] as string[]).concat(s.Resource ?? []);
    const actionOk = actions.some((a) => a === '*' || a === 'execute-api:*' || a === 'execute-api:Invoke');
    const resourceOk = resources.some((r) => arnMatches(r, methodArn));
    if (!actionOk || !resourceOk) continue;
    if (s.Effect === 'Deny') return 'deny';
    if (s.Effect === 'Allow') allowed = true;
  }
  return allowed ? 'allow' : 'deny';
}

/** API Gateway accepts only string, number and boolean context values; they reach the Lambda as strings. */
function authorizerContext(result: APIGatewayAuthorizerResult): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.context ?? {})) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'object') throw new Error(`authorizer context value ${k} is not a string, number or boolean`);
    out[k] = String(v);
  }
  out.principalId = String(result.principalId);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Server

export interface GatewayOptions {
  routes?: readonly Route[];
  loadGroup?: (group: Group) => Promise<GroupHandler>;
  loadAuthorizer?: (scheme: AuthorizedScheme) => Promise<AuthorizerHandler>;
  /** Awaited before the first request is served (the local service seeds first). */
  ready?: Promise<void>;
  /** No per-request log line. */
  quiet?: boolean;
  /** API Gateway's integration timeout; default its 29 s. */
  integrationTimeoutMs?: number;
  /**
   * Every group function's timeout instead of its own (infra/functions.ts, 15 s). For the integration tests
   * only: under the whole suite on 2 cores DynamoDB Local is several times slower than DynamoDB (a 500-record
   * import, 3.5 s alone, passed 15 s), so their fixture keeps API Gateway's 29 s; the 15 s rule itself is
   * tested on a fake clock (test/unit/local-gateway.test.ts).
   */
  groupTimeoutMs?: number;
  /** API Gateway's payload limit; default its 10 MB. */
  maxBodyBytes?: number;
  /** The clock of the authorizer cache's TTLs and the rate limits' windows; default systemClock. */
  now?: Clock;
  /** The web ACL's rate limits (infra/constructs/rate-limits.ts) the gateway enforces first, as WAF does; none by default. */
  rateLimits?: readonly RateLimit[];
  /** Sees every answer to a request that matched a route (the tests' contract check, test/support/contract-check.ts). */
  observe?: (exchange: Exchange) => void;
  /** The built console (console/build.ts) to serve under /console/; none when absent. */
  consoleDir?: string;
}

/** A request that matched a route, and the answer it got. */
export interface Exchange {
  route: Route;
  query: string;
  status: number;
  /** Response header names in lower case. */
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * WAF's rate-based rules on loopback: per rule and key (a header's value after the rule's text
 * transformations, transformedKey; or the address), a one-minute
 * window; a request over the limit is refused with the web ACL's 429 before routing, like WAF in front
 * of API Gateway. Retry-After says when the caller's window ends (WAF says 60, its longest).
 */
export function rateLimiter(limits: readonly RateLimit[], now: Clock = systemClock) {
  const windows = new Map<string, { start: number; count: number }>();
  return (path: string, header: (name: string) => string | undefined, ip: string): { retryAfter: number } | undefined => {
    const at = now().getTime();
    if (windows.size > 10_000) for (const [k, w] of windows) if (at - w.start >= 60_000) windows.delete(k);
    for (const limit of limits) {
      if (!limit.paths.some((p) => path.includes(p))) continue;
      const raw = limit.key === 'ip' ? ip : header(limit.key.header);
      if (!raw) continue;
      // The value WAF counts: the header after the rule's text transformations.
      const value = limit.key === 'ip' ? raw : transformedKey(raw, limit.key.transformations);
      const key = `${limit.name}\u0000${value}`;
      let window = windows.get(key);
      if (!window || at - window.start >= 60_000) windows.set(key, (window = { start: at, count: 0 }));
      if (++window.count > limit.limitPerMinute) return { retryAfter: Math.max(1, Math.ceil((window.start + 60_000 - at) / 1000)) };
    }
    return undefined;
  };
}

export interface Gateway {
  server: Server;
  /**
   * Serves one request; `clientCert` is what API Gateway's mTLS would put in
   * requestContext.identity.clientCert (the local HTTPS port of the agent channel passes it).
   */
  handle(req: IncomingMessage, res: ServerResponse, clientCert?: APIGatewayEventClientCertificate | null): void;
  /** Listens on 127.0.0.1 (port 0: a free port) and resolves with the base URL. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * API Gateway's authorizer result cache: the result of a scheme with a TTL, kept by the values of its
 * identity headers, is reused for later requests with the same values on any method and path (its
 * policy evaluated against the new method ARN: the authorizers allow the whole API, shared/auth/authorizer.ts).
 * Only returned policies are kept: API Gateway caches "the authorization policy generated by the authorizer",
 * and neither a refusal (the authorizer's 'Unauthorized') nor a failure returns one.
 */
export function authorizerCache(now: Clock = systemClock) {
  const entries = new Map<string, { result: APIGatewayAuthorizerResult; until: number }>();
  const keyOf = (scheme: AuthorizedScheme, identity: readonly string[]) => [scheme, ...identity].join('\u0000');
  return {
    get(scheme: AuthorizedScheme, identity: readonly string[]): APIGatewayAuthorizerResult | undefined {
      const hit = entries.get(keyOf(scheme, identity));
      return hit && hit.until > now().getTime() ? hit.result : undefined;
    },
    set(scheme: AuthorizedScheme, identity: readonly string[], result: APIGatewayAuthorizerResult): void {
      const ttlMs = authorizerSettings[scheme].cacheTtlSeconds * 1000;
      if (ttlMs <= 0) return;
      const at = now().getTime();
      if (entries.size > 10_000) for (const [k, e] of entries) if (e.until <= at) entries.delete(k);
      entries.set(keyOf(scheme, identity), { result, until: at + ttlMs });
    },
  };
}

/** Every value of a request header (its repetitions too), in order, joined by commas. */
const headerValues = (req: IncomingMessage, name: string) => {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if ((req.rawHeaders[i] as string).toLowerCase() === name.toLowerCase()) values.push(req.rawHeaders[i + 1] as string);
  }
  return values.join(',');
};

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      return reject(new BodyTooLarge());
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const withTimeout = async <T>(work: Promise<T>, ms: number): Promise<T | 'timeout'> => {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([work, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))]);
  } finally {
    clearTimeout(timer);
  }
};

export function createGateway(options: GatewayOptions = {}): Gateway {
  const routes = options.routes ?? routeTable;
  const loadGroup = options.loadGroup ?? ((group: Group) => loadHandler(groupFunctions[group].entry));
  const loadAuthorizer = options.loadAuthorizer ?? ((scheme: AuthorizedScheme) => loadHandler(authorizerFunctions[scheme].entry));
  const integrationTimeoutMs = options.integrationTimeoutMs ?? API_GATEWAY_INTEGRATION_TIMEOUT_SECONDS * 1000;
  const maxBody = options.maxBodyBytes ?? API_GATEWAY_MAX_PAYLOAD_BYTES;
  const overLimit = rateLimiter(options.rateLimits ?? [], options.now);
  const authorizations = authorizerCache(options.now);
  let port = 0;

  const observed = new WeakMap<ServerResponse, { route: Route; query: string }>();
  const observe = (res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer) => {
    const matched = observed.get(res);
    if (!options.observe || !matched) return;
    const lowerCase = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    options.observe({ ...matched, status, headers: lowerCase, body });
  };

  const send = (
    res: ServerResponse,
    requestId: string,
    answer: { statusCode: number; body: unknown; headers?: Record<string, string> },
  ) => {
    const body = JSON.stringify(answer.body);
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(body)),
      'x-amzn-RequestId': requestId,
      ...answer.headers,
    };
    observe(res, answer.statusCode, headers, Buffer.from(body));
    res.writeHead(answer.statusCode, headers);
    res.end(body);
  };
  const sendGateway = (res: ServerResponse, requestId: string, answer: GatewayAnswer) => send(res, requestId, answer);

  const writeResult = (res: ServerResponse, requestId: string, result: APIGatewayProxyResult) => {
    const headers: Record<string, string | string[]> = {};
    for (const [k, v] of Object.entries(result.headers ?? {})) headers[k] = String(v);
    for (const [k, values] of Object.entries(result.multiValueHeaders ?? {})) {
      const existing = headers[k];
      headers[k] = [...(existing === undefined ? [] : ([] as string[]).concat(existing)), ...values.map(String)];
    }
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    headers['x-amzn-RequestId'] = requestId;
    const body = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
    headers['Content-Length'] = String(body.length);
    observe(res, result.statusCode, headers, body);
    res.writeHead(result.statusCode, headers);
    res.end(body);
  };

  async function serve(
    req: IncomingMessage,
    res: ServerResponse,
    requestId: string,
    clientCert: APIGatewayEventClientCertificate | null,
  ): Promise<void> {
    await options.ready;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q >= 0 ? url.slice(0, q) : url;
    const rawQuery = q >= 0 ? url.slice(q + 1) : '';
    const method = (req.method ?? 'GET').toUpperCase();

    // The console's files come from the bucket behind CloudFront on AWS: no WAF rule of the API counts them.
    const site = options.consoleDir ? await consolePage(method, path, options.consoleDir) : undefined;
    if (site) {
      req.resume();
      res.writeHead(site.statusCode, { ...site.headers, 'Content-Length': String(site.body.length) });
      return void res.end(method === 'HEAD' ? undefined : site.body);
    }

    const refused = overLimit(
      path,
      (name) => {
        const value = req.headers[name.toLowerCase()];
        return Array.isArray(value) ? value.join(',') : value;
      },
      sourceIpOf(req),
    );
    if (refused) {
      req.resume();
      return send(res, requestId, { ...gatewayResponses.THROTTLED, headers: { 'Retry-After': String(refused.retryAfter) } });
    }

    const page = referencePage(method, path);
    if (page) {
      req.resume();
      res.writeHead(page.statusCode, { ...page.headers, 'Content-Length': String(page.body.length) });
      return void res.end(page.body);
    }

    const match = matchRoute(routes, method, path);
    if (!match) {
      req.resume();
      return sendGateway(res, requestId, gatewayResponses.MISSING_AUTHENTICATION_TOKEN);
    }
    const { route, pathParameters } = match;
    observed.set(res, { route, query: rawQuery });

    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (error) {
      if (error instanceof BodyTooLarge) return send(res, requestId, defaultAnswers.REQUEST_TOO_LARGE);
      throw error;
    }

    const parts = readParts(req, rawQuery, port);
    // What API Gateway puts in both the authorizer's and the function's event.
    const routed = { resource: route.path, path, httpMethod: method, ...parts, pathParameters, stageVariables: null };
    const now = new Date();
    const identity = {
      accessKey: null,
      accountId: null,
      apiKey: null,
      apiKeyId: null,
      caller: null,
      clientCert,
      cognitoAuthenticationProvider: null,
      cognitoAuthenticationType: null,
      cognitoIdentityId: null,
      cognitoIdentityPoolId: null,
      principalOrgId: null,
      sourceIp: sourceIpOf(req),
      user: null,
      userAgent: req.headers['user-agent'] ?? null,
      userArn: null,
    };
    const requestContext = {
      accountId: ACCOUNT,
      apiId: API_ID,
      authorizer: undefined,
      domainName: req.headers.host ?? `127.0.0.1:${port}`,
      domainPrefix: '127',
      extendedRequestId: requestId,
      httpMethod: method,
      identity,
      path,
      protocol: `HTTP/${req.httpVersion}`,
      requestId,
      requestTime: requestTime(now),
      requestTimeEpoch: now.getTime(),
      resourceId: API_ID,
      resourcePath: route.path,
      stage: STAGE,
    };

    let authorizer: Record<string, string> | null = null;
    if (route.auth !== 'none') {
      // Like API Gateway: a request missing one of the identity headers is refused before the authorizer runs.
      const identity = authorizerSettings[route.auth].identityHeaders.map((name) => headerValues(req, name));
      if (identity.some((value) => !value)) return sendGateway(res, requestId, gatewayResponses.UNAUTHORIZED);
      const methodArn = `arn:aws:execute-api:local:${ACCOUNT}:${API_ID}/${STAGE}/${method}${path}`;
      let result = authorizations.get(route.auth, identity);
      if (!result) {
        const authEvent: APIGatewayRequestAuthorizerEvent = { type: 'REQUEST', methodArn, ...routed, requestContext };
        const { id, timeoutSeconds } = authorizerFunctions[route.auth];
        try {
          const authorize = await loadAuthorizer(route.auth);
          const outcome = await withTimeout(
            runAs(authorize, authEvent, lambdaContext(id, timeoutSeconds * 1000, randomUUID()), id),
            timeoutSeconds * 1000,
          );
          if (outcome === 'timeout') throw new Error(`authorizer timed out after its ${timeoutSeconds} s`);
          authorizerContext(outcome);
          result = outcome;
        } catch (error) {
          if ((error as Error)?.message === 'Unauthorized') return sendGateway(res, requestId, gatewayResponses.UNAUTHORIZED);
          log.error('authorizer failed', { scheme: route.auth, requestId, error });
          return sendGateway(res, requestId, gatewayResponses.AUTHORIZER_FAILURE);
        }
        authorizations.set(route.auth, identity, result);
      }
      if (evaluatePolicy(result, methodArn) === 'deny') return sendGateway(res, requestId, gatewayResponses.ACCESS_DENIED);
      authorizer = authorizerContext(result);
    }

    const event: APIGatewayProxyEvent = {
      ...routed,
      requestContext: { ...requestContext, authorizer },
      body: body.length > 0 ? body.toString('base64') : null,
      isBase64Encoded: body.length > 0,
    };

    // Lambda refuses an invocation whose event is over its payload limit; the function never runs.
    const eventBytes = Buffer.byteLength(JSON.stringify(event));
    if (eventBytes > LAMBDA_SYNC_PAYLOAD_BYTES) {
      log.warn('Lambda refused the invocation: the event is over its payload limit', {
        group: route.group,
        requestId,
        eventBytes,
        limit: LAMBDA_SYNC_PAYLOAD_BYTES,
      });
      return send(res, requestId, defaultAnswers.INVOCATION_REFUSED);
    }

    // The function stops at its own timeout (a function error, 502); API Gateway's, when shorter, answers 504.
    const { id, timeoutSeconds } = groupFunctions[route.group];
    const functionTimeoutMs = options.groupTimeoutMs ?? timeoutSeconds * 1000;
    let result: APIGatewayProxyResult | 'timeout';
    try {
      const handler = await loadGroup(route.group);
      result = await withTimeout(
        runAs(handler, event, lambdaContext(id, functionTimeoutMs, randomUUID()), id),
        Math.min(functionTimeoutMs, integrationTimeoutMs),
      );
    } catch (error) {
      log.error('group handler failed', { group: route.group, requestId, error });
      return send(res, requestId, defaultAnswers.BAD_GATEWAY);
    }
    if (result === 'timeout') {
      if (integrationTimeoutMs < functionTimeoutMs) return send(res, requestId, defaultAnswers.INTEGRATION_TIMEOUT);
      log.error('group handler timed out', { group: route.group, requestId, timeoutSeconds });
      return send(res, requestId, defaultAnswers.BAD_GATEWAY);
    }
    if (!result || typeof result.statusCode !== 'number') {
      log.error('group handler returned a malformed result', { group: route.group, requestId });
      return send(res, requestId, defaultAnswers.BAD_GATEWAY);
    }
    const resultBytes = Buffer.byteLength(JSON.stringify(result));
    if (resultBytes > LAMBDA_SYNC_PAYLOAD_BYTES) {
      log.error('group handler returned a result over the Lambda payload limit', { group: route.group, requestId, resultBytes });
      return send(res, requestId, defaultAnswers.BAD_GATEWAY);
    }
    writeResult(res, requestId, result);
  }

  const handle = (req: IncomingMessage, res: ServerResponse, clientCert: APIGatewayEventClientCertificate | null = null) => {
    const started = Date.now();
    const requestId = randomUUID();
    res.on('finish', () => {
      if (!options.quiet) console.log(`${req.method} ${req.url} ${res.statusCode} ${Date.now() - started} ms`);
    });
    serve(req, res, requestId, clientCert).catch((error) => {
      log.error('local gateway failed', { requestId, error });
      if (!res.headersSent) send(res, requestId, defaultAnswers.BAD_GATEWAY);
      else res.destroy();
    });
  };
  const server = createServer((req, res) => handle(req, res));

  return {
    server,
    handle,
    listen: (listenPort, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(listenPort, host, () => {
          server.off('error', reject);
          const address = server.address();
          port = typeof address === 'object' && address ? address.port : listenPort;
          resolve(`http://${host}:${port}`);
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

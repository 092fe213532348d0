import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authorizerSettings } from '#infra/constructs/authorizer-settings';
import { LAMBDA_SYNC_PAYLOAD_BYTES } from '#infra/constructs/aws-limits';
import { authorizerFunctions, groupFunctions } from '#infra/functions';
import { createGateway, evaluatePolicy, matchRoute, type AuthorizerHandler, type Gateway, type GroupHandler } from '#infra/local/gateway';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { gatewayResponses } from '#shared/http/gateway-responses';
import { groupHandler, json } from '#shared/http/kit';
import type { Route } from '#shared/http/routes';

const route = (method: Route['method'], path: string, extra: Partial<Route> = {}): Route => ({
  method,
  path,
  group: 'admin',
  auth: 'none',
  body: method === 'GET' ? 'none' : 'json',
  ...extra,
});

describe('local gateway: route matching', () => {
  const routes = [route('GET', '/api/items/{id}'), route('GET', '/api/items/special'), route('POST', '/api/items/{id}/tags/{tag}')];

  it('prefers a literal segment over a path parameter', () => {
    expect(matchRoute(routes, 'GET', '/api/items/special')?.route.path).toBe('/api/items/special');
    expect(matchRoute(routes, 'GET', '/api/items/42')).toEqual({ route: routes[0], pathParameters: { id: '42' } });
  });

  it('decodes path parameters and ignores a trailing slash', () => {
    expect(matchRoute(routes, 'POST', '/api/items/a%20b/tags/x%2Fy/')?.pathParameters).toEqual({ id: 'a b', tag: 'x/y' });
  });

  it('matches nothing for another method, another depth or an empty parameter', () => {
    expect(matchRoute(routes, 'DELETE', '/api/items/42')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/items/42/more')).toBeUndefined();
    expect(matchRoute(routes, 'GET', '/api/items/')).toBeUndefined();
  });
});

describe('local gateway: authorizer policies', () => {
  const arn = 'arn:aws:execute-api:local:000000000000:local/local/GET/api/x';
  const policy = (...statements: { Effect: string; Resource: string }[]): APIGatewayAuthorizerResult => ({
    principalId: 'p',
    policyDocument: {
      Version: '2012-10-17',
      Statement: statements.map(
        (s) => ({ Action: 'execute-api:Invoke', ...s }) as APIGatewayAuthorizerResult['policyDocument']['Statement'][number],
      ),
    },
  });

  it('allows on a matching Allow, denies on Deny, on no match and on an explicit Deny next to an Allow', () => {
    expect(evaluatePolicy(policy({ Effect: 'Allow', Resource: 'arn:aws:execute-api:local:000000000000:local/local/*/*' }), arn)).toBe(
      'allow',
    );
    expect(evaluatePolicy(policy({ Effect: 'Deny', Resource: arn }), arn)).toBe('deny');
    expect(evaluatePolicy(policy({ Effect: 'Allow', Resource: 'arn:aws:execute-api:local:000000000000:local/local/POST/*' }), arn)).toBe(
      'deny',
    );
    expect(evaluatePolicy(policy({ Effect: 'Allow', Resource: '*' }, { Effect: 'Deny', Resource: 'arn:aws:execute-api:*' }), arn)).toBe(
      'deny',
    );
  });
});

describe('local gateway over HTTP', () => {
  let gateway: Gateway;
  let baseUrl: string;
  let received: APIGatewayProxyEvent[] = [];
  let authorizerEvents: APIGatewayRequestAuthorizerEvent[] = [];

  const routes: Route[] = [
    route('POST', '/api/echo/{id}'),
    route('GET', '/api/echo'),
    route('GET', '/api/private/{id}', { auth: 'apiKey' }),
    route('GET', '/api/status', { group: 'public' }),
    route('GET', '/api/binary', { group: 'finance' }),
    route('GET', '/api/crash', { group: 'config' }),
  ];

  /** The authorizer behaviour per request, chosen by the X-Test-Auth header. */
  const authorizer: AuthorizerHandler = async (event, context) => {
    authorizerEvents.push(event);
    const mode = event.headers?.['X-Test-Auth'];
    if (mode === 'allow') {
      return requestAuthorizer('apiKey', async () => ({ aplicacaoId: 7, scopes: ['a', 'b'], subject: 'key-1' }))(event);
    }
    if (mode === 'deny') {
      return {
        principalId: 'x',
        policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: event.methodArn }] },
      };
    }
    if (mode === 'crash') throw new TypeError('authorizer bug');
    void context;
    throw new Error('Unauthorized');
  };

  const echo: GroupHandler = async (event) => {
    received.push(event);
    return { statusCode: 200, headers: { 'X-One': '1' }, multiValueHeaders: { 'Set-Cookie': ['a=1', 'b=2'] }, body: '{"ok":true}' };
  };

  const handlers: Record<string, GroupHandler> = {
    admin: echo,
    public: groupHandler('public', { 'GET /api/status': async () => json(200, { status: 'UP' }) }),
    finance: async () => ({
      statusCode: 200,
      headers: { 'Content-Type': 'application/octet-stream' },
      body: Buffer.from([0, 1, 2, 255]).toString('base64'),
      isBase64Encoded: true,
    }),
    // A handler whose operation throws an unexpected error: the kit must turn it into a generic 500.
    config: groupHandler('config', {
      'GET /api/v2/config/status': async () => {
        throw new Error('database exploded at /secret/path');
      },
    }),
  };

  beforeAll(async () => {
    gateway = createGateway({
      routes,
      quiet: true,
      maxBodyBytes: 1024,
      loadGroup: async (group) => {
        const handler = handlers[group];
        if (!handler) throw new Error(`no handler for ${group}`);
        return handler;
      },
      loadAuthorizer: async () => authorizer,
    });
    baseUrl = await gateway.listen(0);
  });

  afterAll(async () => {
    await gateway.close();
  });

  afterEach(() => {
    received = [];
    authorizerEvents = [];
  });

  it('turns the request into an API Gateway REST proxy event', async () => {
    // Act
    const response = await fetch(`${baseUrl}/api/echo/a%20b?x=1&x=2&y=%C3%A9`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Custom': 'v' },
      body: '{"hello":"wörld"}',
    });

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('x-one')).toBe('1');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ ok: true });
    const event = received[0]!;
    expect(event).toMatchObject({
      resource: '/api/echo/{id}',
      path: '/api/echo/a%20b',
      httpMethod: 'POST',
      pathParameters: { id: 'a b' },
      queryStringParameters: { x: '2', y: 'é' },
      multiValueQueryStringParameters: { x: ['1', '2'], y: ['é'] },
      isBase64Encoded: true,
      stageVariables: null,
      requestContext: {
        resourcePath: '/api/echo/{id}',
        httpMethod: 'POST',
        path: '/api/echo/a%20b',
        stage: 'local',
        identity: { sourceIp: '127.0.0.1', clientCert: null },
        authorizer: null,
      },
    });
    expect(Buffer.from(event.body!, 'base64').toString('utf8')).toBe('{"hello":"wörld"}');
    expect(event.headers['X-Custom']).toBe('v');
    expect(event.multiValueHeaders['X-Custom']).toEqual(['v']);
    expect(event.headers['X-Forwarded-For']).toBe('127.0.0.1');
    expect(event.headers['X-Forwarded-Proto']).toBe('http');
    expect(event.headers['X-Forwarded-Port']).toBe(new URL(baseUrl).port);
    expect(event.requestContext.requestId).toBe(response.headers.get('x-amzn-requestid'));
  });

  it('passes null query parameters and a null body when there are none', async () => {
    await fetch(`${baseUrl}/api/echo`);

    expect(received[0]).toMatchObject({
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
      pathParameters: null,
      body: null,
      isBase64Encoded: false,
    });
  });

  it('answers an unknown path or method with the gateway 404 body', async () => {
    for (const [method, path] of [
      ['GET', '/api/nothing'],
      ['DELETE', '/api/echo'],
      ['GET', '/'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}`, { method });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual(gatewayResponses.MISSING_AUTHENTICATION_TOKEN.body);
    }
    expect(received).toHaveLength(0);
  });

  /** The apiKey scheme's identity headers; without them API Gateway refuses before the authorizer. */
  const identity = { 'X-Api-Key': 'k', 'X-Api-Secret': 's' };

  it('answers 401 without calling the authorizer when an identity header is missing', async () => {
    const response = await fetch(`${baseUrl}/api/private/1`, { headers: { 'X-Api-Key': 'k', 'X-Test-Auth': 'allow' } });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect(authorizerEvents).toHaveLength(0);
    expect(received).toHaveLength(0);
  });

  it('answers 401 when the authorizer refuses, without calling the handler', async () => {
    const response = await fetch(`${baseUrl}/api/private/1`, { headers: identity });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual(gatewayResponses.UNAUTHORIZED.body);
    expect(received).toHaveLength(0);
    expect(authorizerEvents[0]).toMatchObject({
      type: 'REQUEST',
      methodArn: 'arn:aws:execute-api:local:000000000000:local/local/GET/api/private/1',
      resource: '/api/private/{id}',
      pathParameters: { id: '1' },
    });
  });

  it('answers 403 on a Deny policy and 500 when the authorizer fails', async () => {
    const denied = await fetch(`${baseUrl}/api/private/1`, { headers: { ...identity, 'X-Test-Auth': 'deny' } });
    const failed = await fetch(`${baseUrl}/api/private/1`, { headers: { ...identity, 'X-Test-Auth': 'crash' } });

    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual(gatewayResponses.ACCESS_DENIED.body);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toEqual(gatewayResponses.AUTHORIZER_FAILURE.body);
    expect(received).toHaveLength(0);
  });

  it('passes the principal of an Allow policy to the handler as the authorizer context', async () => {
    const response = await fetch(`${baseUrl}/api/private/9`, { headers: { ...identity, 'X-Test-Auth': 'allow' } });

    expect(response.status).toBe(200);
    expect(received[0]!.requestContext.authorizer).toEqual({ aplicacaoId: '7', scopes: 'a b', subject: 'key-1', principalId: 'key-1' });
  });

  it('decodes a base64 result into the exact bytes', async () => {
    const response = await fetch(`${baseUrl}/api/binary`);

    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([0, 1, 2, 255]);
  });

  it('runs a real group handler', async () => {
    const response = await fetch(`${baseUrl}/api/status`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'UP' });
  });

  it('answers an unexpected handler error with a 500 carrying the request id and no internals', async () => {
    // Route of the config group served by a handler whose operation throws (routes of the test table are matched by path).
    const local = createGateway({
      quiet: true,
      loadGroup: async () => handlers.config!,
      loadAuthorizer: async () => async (event) => requestAuthorizer('apiKey', async () => ({ aplicacaoId: 1, scopes: [] }))(event),
    });
    const url = await local.listen(0);
    try {
      const response = await fetch(`${url}/api/v2/config/status`, { headers: identity });
      const text = await response.text();

      expect(response.status).toBe(500);
      const body = JSON.parse(text) as { error: string; requestId: string };
      expect(body.error).toBe('internal_error');
      expect(body.requestId).toBe(response.headers.get('x-request-id'));
      expect(body.requestId).toBe(response.headers.get('x-amzn-requestid'));
      expect(text).not.toMatch(/exploded|secret|stack|\bat \//);
    } finally {
      await local.close();
    }
  });

  it('refuses a body above the size limit with 413', async () => {
    const response = await fetch(`${baseUrl}/api/echo/1`, { method: 'POST', body: 'x'.repeat(2048) });

    expect(response.status).toBe(413);
    expect(received).toHaveLength(0);
  });
});

describe('local gateway: the limits of API Gateway and Lambda', () => {
  const routes: Route[] = [
    route('POST', '/api/upload'),
    route('GET', '/api/large'),
    route('GET', '/api/slow'),
    route('GET', '/api/oauth/a', { auth: 'oauth2' }),
    route('POST', '/api/oauth/b/{id}', { auth: 'oauth2' }),
    route('GET', '/api/keys', { auth: 'apiKey' }),
  ];
  let invocations: string[] = [];
  let authorizations: string[] = [];
  let clock = 0;

  const handler: GroupHandler = async (event) => {
    invocations.push(`${event.httpMethod} ${event.path}`);
    if (event.path === '/api/slow') return new Promise(() => undefined); // never answers
    if (event.path === '/api/large') return { statusCode: 200, body: JSON.stringify({ data: 'x'.repeat(LAMBDA_SYNC_PAYLOAD_BYTES) }) };
    return { statusCode: 200, body: JSON.stringify({ authorizer: event.requestContext.authorizer }) };
  };

  /** Allows (the whole API) the token "good-*", denies "deny-*", refuses anything else. */
  const authorizer: AuthorizerHandler = async (event) => {
    const token = event.headers?.Authorization ?? event.headers?.['X-Api-Key'] ?? '';
    authorizations.push(`${token} ${event.httpMethod} ${event.path}`);
    if (token.startsWith('hang-')) return new Promise(() => undefined); // never answers
    if (token.startsWith('deny-')) {
      return {
        principalId: 'x',
        policyDocument: { Version: '2012-10-17', Statement: [{ Action: 'execute-api:Invoke', Effect: 'Deny', Resource: '*' }] },
      };
    }
    if (!token.startsWith('good-')) throw new Error('Unauthorized');
    return requestAuthorizer('oauth2', async () => ({ aplicacaoId: 7, scopes: [], subject: token }))(event);
  };

  let gateway: Gateway;
  let baseUrl: string;
  beforeAll(async () => {
    gateway = createGateway({
      routes,
      quiet: true,
      now: () => new Date(clock),
      loadGroup: async () => handler,
      loadAuthorizer: async () => authorizer,
    });
    baseUrl = await gateway.listen(0);
  });
  afterAll(() => gateway.close());
  afterEach(() => {
    invocations = [];
    authorizations = [];
    vi.useRealTimers();
  });

  it('hands the function an event of up to 6 MB, the base64 body included (about 4.5 MB of raw body)', async () => {
    const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', body: 'x'.repeat(4_600_000) });

    expect(response.status).toBe(200);
    expect(invocations).toEqual(['POST /api/upload']);
  });

  it("answers an event over Lambda's 6 MB with API Gateway's 500, and the function never runs", async () => {
    // 4.8 MB of body is 6.4 MB of base64: under API Gateway's 10 MB, over Lambda's invocation limit.
    const response = await fetch(`${baseUrl}/api/upload`, { method: 'POST', body: 'x'.repeat(4_800_000) });

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
    expect(invocations).toEqual([]);
  });

  it("answers a result over Lambda's 6 MB with API Gateway's 502", async () => {
    const response = await fetch(`${baseUrl}/api/large`);

    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
  });

  it("answers a group function that outlives its timeout (15 s, before API Gateway's 29 s) with API Gateway's 502", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = fetch(`${baseUrl}/api/slow`);
    await vi.waitFor(() => expect(invocations).toEqual(['GET /api/slow']));

    await vi.advanceTimersByTimeAsync(groupFunctions.admin.timeoutSeconds * 1000);
    const response = await answer;

    expect(groupFunctions.admin.timeoutSeconds).toBe(15);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
  });

  it("answers an authorizer that outlives its 10 s with the service's authorizer-failure 500, and the function never runs", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = fetch(`${baseUrl}/api/oauth/a`, { headers: { Authorization: 'hang-1' } });
    await vi.waitFor(() => expect(authorizations).toEqual(['hang-1 GET /api/oauth/a']));

    await vi.advanceTimersByTimeAsync(authorizerFunctions.oauth2.timeoutSeconds * 1000);
    const response = await answer;

    expect(authorizerFunctions.oauth2.timeoutSeconds).toBe(10);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(gatewayResponses.AUTHORIZER_FAILURE.body);
    expect(invocations).toEqual([]);
  });

  const bearer = (token: string) => ({ Authorization: token });

  it("reuses a cached Allow for the scheme's TTL on another method and path, with the principal it carried", async () => {
    clock = 1_000_000;
    const first = await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('good-1') });
    clock += authorizerSettings.oauth2.cacheTtlSeconds * 1000 - 1;
    const second = await fetch(`${baseUrl}/api/oauth/b/9`, { method: 'POST', headers: bearer('good-1'), body: '{}' });

    expect([first.status, second.status]).toEqual([200, 200]);
    expect(authorizations).toEqual(['good-1 GET /api/oauth/a']);
    expect(((await second.json()) as { authorizer: unknown }).authorizer).toMatchObject({ aplicacaoId: '7', subject: 'good-1' });
  });

  it('runs the authorizer again once the TTL has passed, and for another identity', async () => {
    clock = 2_000_000;
    await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('good-2') });
    await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('good-3') });
    clock += authorizerSettings.oauth2.cacheTtlSeconds * 1000;
    await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('good-2') });

    expect(authorizations).toEqual(['good-2 GET /api/oauth/a', 'good-3 GET /api/oauth/a', 'good-2 GET /api/oauth/a']);
  });

  it("keeps a Deny policy like an Allow, but not a refusal ('Unauthorized'): no policy was returned", async () => {
    clock = 3_000_000;
    const denied = [await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('deny-1') })];
    denied.push(await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('deny-1') }));
    const refused = [await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('bad-1') })];
    refused.push(await fetch(`${baseUrl}/api/oauth/a`, { headers: bearer('bad-1') }));

    expect(denied.map((r) => r.status)).toEqual([403, 403]);
    expect(refused.map((r) => r.status)).toEqual([401, 401]);
    expect(authorizations).toEqual(['deny-1 GET /api/oauth/a', 'bad-1 GET /api/oauth/a', 'bad-1 GET /api/oauth/a']);
  });

  it('runs the authorizer of a scheme without a TTL on every request', async () => {
    const headers = { 'X-Api-Key': 'good-key', 'X-Api-Secret': 's' };
    await fetch(`${baseUrl}/api/keys`, { headers });
    await fetch(`${baseUrl}/api/keys`, { headers });

    expect(authorizerSettings.apiKey.cacheTtlSeconds).toBe(0);
    expect(authorizations).toEqual(['good-key GET /api/keys', 'good-key GET /api/keys']);
  });
});

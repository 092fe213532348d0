import type { APIGatewayAuthorizerResult, APIGatewayProxyEvent, APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

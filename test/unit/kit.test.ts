import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import { groupHandler, json } from '#shared/http/kit';
import { AGENT_IMPORT_MAX_BODY_BYTES } from '#shared/http/routes';
import { validate } from '#shared/http/validation';
import { readPaging } from '#shared/http/paging';

const context = {} as Context;

function event(method: string, resource: string, body?: string, extra: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return {
    httpMethod: method,
    resource,
    path: resource,
    headers: { 'Content-Type': 'application/json' },
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: body === undefined ? null : Buffer.from(body).toString('base64'),
    isBase64Encoded: true,
    requestContext: { requestId: 'req-1', identity: { sourceIp: '127.0.0.1' } } as APIGatewayProxyEvent['requestContext'],
    ...extra,
  };
}

const contactSchema = z.object({ nome: z.string().check(z.minLength(1)), email: z.email() });

describe('HTTP kit', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('answers 501 not_implemented for a route of the group without an operation', async () => {
    const handler = groupHandler('public', {});

    const result = await handler(event('GET', '/api/status'), context);

    expect(result.statusCode).toBe(501);
    expect(JSON.parse(result.body)).toEqual({ error: 'not_implemented', message: 'GET /api/status is not implemented yet' });
  });

  it('refuses at start an operation that is not a route of its group', () => {
    // @ts-expect-error the type of the operations refuses it as well; the check at start covers untyped callers
    expect(() => groupHandler('public', { 'GET /api/external/financeiro/saldo': async () => json(200, {}) })).toThrow(
      /not a route of group public/,
    );
  });

  it('parses the JSON body and answers 400 naming the offending field', async () => {
    const handler = groupHandler('public', {
      'POST /api/contato': async (request) => json(201, validate(contactSchema, request.body)),
    });

    const ok = await handler(event('POST', '/api/contato', '{"nome":"Ana","email":"ana@example.com"}'), context);
    const missing = await handler(event('POST', '/api/contato', '{"email":"ana@example.com"}'), context);
    const badEmail = await handler(event('POST', '/api/contato', '{"nome":"Ana","email":"ana"}'), context);
    const noBody = await handler(event('POST', '/api/contato'), context);

    expect(ok.statusCode).toBe(201);
    expect(JSON.parse(ok.body)).toEqual({ nome: 'Ana', email: 'ana@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body)).toEqual({ error: 'validation_error', message: 'nome is required', field: 'nome' });
    expect(JSON.parse(badEmail.body).message).toBe('email must be a valid e-mail address');
    expect(JSON.parse(noBody.body)).toMatchObject({ error: 'validation_error', message: 'body must be a JSON object' });
  });

  it('answers 400 invalid_json for a malformed body without running the operation', async () => {
    const operation = vi.fn(async () => json(200, {}));
    const handler = groupHandler('public', { 'POST /api/contato': operation });

    const result = await handler(event('POST', '/api/contato', '{"nome": '), context);

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body).error).toBe('invalid_json');
    expect(operation).not.toHaveBeenCalled();
  });

  it('maps domain errors to their status with the extra fields the client may see', async () => {
    const handler = groupHandler('external-messages', {
      'POST /api/external/messages/send': async () => {
        throw new DomainError('insufficient_balance', 'Saldo insuficiente', { saldo: '0.10' });
      },
      'GET /api/external/messages/{id}': async () => {
        throw new DomainError('not_found', 'Message not found');
      },
    });

    const tenant = {
      requestContext: { requestId: 'req-1', authorizer: { aplicacaoId: '1', scopes: '' } },
    } as unknown as Partial<APIGatewayProxyEvent>;
    const send = await handler(event('POST', '/api/external/messages/send', '{}', tenant), context);
    const read = await handler(event('GET', '/api/external/messages/{id}', undefined, tenant), context);

    expect(send.statusCode).toBe(402);
    expect(JSON.parse(send.body)).toEqual({ error: 'insufficient_balance', message: 'Saldo insuficiente', saldo: '0.10' });
    expect(read.statusCode).toBe(404);
  });

  it('turns an unexpected failure into a logged 500 with a request id and no internals', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = groupHandler('public', {
      'GET /api/status': async () => {
        throw new Error('connection string postgres://user:hunter2@db');
      },
    });

    const result = await handler(event('GET', '/api/status'), context);

    expect(result.statusCode).toBe(500);
    expect(JSON.parse(result.body)).toEqual({ error: 'internal_error', message: 'Internal server error', requestId: 'req-1' });
    expect(result.body).not.toContain('hunter2');
    const line = JSON.parse(String(logged.mock.calls[0]?.[0]));
    expect(line).toMatchObject({ level: 'error', requestId: 'req-1', group: 'public' });
    expect(JSON.stringify(line)).toContain('hunter2'); // the operator sees the cause in the log, the client does not
  });

  it('carries the application id of the authorizer context into the log lines', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    const logged = vi.spyOn(console, 'log').mockImplementation(() => {});
    const handler = groupHandler('finance', { 'GET /api/external/financeiro/saldo': async () => json(200, { saldo: '1.00' }) });
    const authorized = event('GET', '/api/external/financeiro/saldo');
    authorized.requestContext.authorizer = { aplicacaoId: '42', scopes: '' };

    await handler(authorized, context);

    const served = logged.mock.calls.map((c) => JSON.parse(String(c[0]))).find((l) => l.message === 'request served');
    expect(served).toMatchObject({ requestId: 'req-1', aplicacaoId: 42, status: 200 });
  });
});

describe('strict request bodies', () => {
  const seen = vi.fn();
  const handler = groupHandler('admin-whatsapp', {
    'POST /api/admin/webhooks-entrada': async (request) => {
      seen(request.body);
      return json(201, { ok: true });
    },
    'POST /api/admin/atendimentos/{id}/assumir': async (request) => {
      seen(request.body);
      return json(200, { ok: true });
    },
  });
  const agent = groupHandler('agent', {
    'PUT /api/external/integracoes/queries': async (request) => {
      seen(request.body);
      return json(200, { ok: true });
    },
  });
  const webhooks = groupHandler('webhooks', {
    'POST /api/webhooks/whatsapp/status': async () => json(200, { status: 'ok' }),
  });
  const admin = {
    requestContext: { requestId: 'req-1', authorizer: { aplicacaoId: '1', role: 'admin' } },
  } as unknown as Partial<APIGatewayProxyEvent>;
  /** A call with the body's exact bytes and Content-Type (none when undefined). */
  const call = (resource: string, bytes: Buffer | undefined, contentType: string | undefined, on = handler, extra = admin) =>
    on(
      event('POST', resource, undefined, {
        ...extra,
        headers: contentType === undefined ? {} : { 'Content-Type': contentType },
        body: bytes === undefined ? null : bytes.toString('base64'),
      }),
      context,
    );
  const answer = (result: { statusCode: number; body: string }) => ({ status: result.statusCode, ...JSON.parse(result.body) });
  const SUBSCRIPTIONS = '/api/admin/webhooks-entrada';

  afterEach(() => seen.mockClear());

  it.each([
    ['application/json', 201],
    ['application/json; charset=utf-8', 201],
    ['Application/JSON;charset="UTF-8"', 201],
    ['text/plain', 415],
    ['text/plain; charset=utf-8', 415],
    ['application/json; charset=utf-7', 415],
    ['application/json; charset=iso-8859-1', 415],
    ['application/json; boundary=x', 415],
    ['application/x-www-form-urlencoded', 415],
    ['multipart/form-data; boundary=x', 415],
    ['(no Content-Type)', 415],
  ])('answers a JSON body sent as %s with %i', async (contentType, status) => {
    const result = await call(
      SUBSCRIPTIONS,
      Buffer.from('{"descricao":"x"}'),
      contentType === '(no Content-Type)' ? undefined : contentType,
    );

    expect(result.statusCode).toBe(status);
    if (status === 415) {
      expect(answer(result)).toEqual({
        status: 415,
        error: 'unsupported_media_type',
        message: 'The request body must be sent as application/json (charset utf-8 only)',
      });
      expect(seen).not.toHaveBeenCalled();
    }
  });

  it.each([
    ['no body', undefined],
    ['an empty body', Buffer.alloc(0)],
    ['null', Buffer.from('null')],
    ['an array', Buffer.from('[{"descricao":"x"}]')],
    ['a string', Buffer.from('"x"')],
    ['a number', Buffer.from('1')],
    ['true', Buffer.from('true')],
  ])('answers %s where an object is required with the same 400, without running the operation', async (_, bytes) => {
    const result = await call(SUBSCRIPTIONS, bytes, 'application/json');

    expect(answer(result)).toEqual({ status: 400, error: 'validation_error', message: 'body must be a JSON object', field: 'body' });
    expect(seen).not.toHaveBeenCalled();
  });

  it.each([
    ['a byte that is never UTF-8', Buffer.from([0x7b, 0x22, 0x64, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d])],
    ['a truncated sequence', Buffer.concat([Buffer.from('{"descricao":"'), Buffer.from([0xc3]), Buffer.from('"}')])],
    ['an overlong encoding', Buffer.concat([Buffer.from('{"descricao":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')])],
    ['an encoded surrogate (CESU-8)', Buffer.concat([Buffer.from('{"descricao":"'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])],
  ])('answers 400 invalid_encoding to %s', async (_, bytes) => {
    const result = await call(SUBSCRIPTIONS, bytes, 'application/json');

    expect(answer(result)).toEqual({ status: 400, error: 'invalid_encoding', message: 'The request body is not well-formed UTF-8' });
    expect(seen).not.toHaveBeenCalled();
  });

  it.each([
    ['a lone high surrogate', '{"descricao":"a\\ud800b"}'],
    ['a lone low surrogate', '{"descricao":"\\udfff"}'],
    ['a reversed pair', '{"descricao":"\\udc00\\ud800"}'],
    ['a lone surrogate in a member name', '{"\\uD83D":1}'],
    ['a lone surrogate deep in an array', '{"descricao":"x","a":[{"b":["\\uDBFF"]}]}'],
  ])('answers 400 invalid_encoding to a JSON string escaping %s', async (_, text) => {
    const result = await call(SUBSCRIPTIONS, Buffer.from(text), 'application/json');

    expect(answer(result)).toMatchObject({ status: 400, error: 'invalid_encoding' });
    expect(seen).not.toHaveBeenCalled();
  });

  it('takes escaped surrogate pairs, characters beyond the BMP and an escaped backslash before "u"', async () => {
    const text = '{"descricao":"\\ud83d\\ude00 😀 ção \\\\ud800"}';

    const result = await call(SUBSCRIPTIONS, Buffer.from(text), 'application/json');

    expect(result.statusCode).toBe(201);
    expect(seen).toHaveBeenCalledWith({ descricao: '😀 😀 ção \\ud800' });
  });

  it('lets a route whose body is optional be called without one, and reads a JSON object sent to it', async () => {
    const without = await call('/api/admin/atendimentos/{id}/assumir', undefined, undefined);
    const withObject = await call('/api/admin/atendimentos/{id}/assumir', Buffer.from('{}'), 'application/json');
    const withNull = await call('/api/admin/atendimentos/{id}/assumir', Buffer.from('null'), 'application/json');
    const asText = await call('/api/admin/atendimentos/{id}/assumir', Buffer.from('{}'), 'text/plain');

    expect([without.statusCode, withObject.statusCode, withNull.statusCode, asText.statusCode]).toEqual([200, 200, 400, 415]);
    expect(seen.mock.calls).toEqual([[undefined], [{}]]);
  });

  it('takes an array where the route says so, and refuses an object there', async () => {
    const agentCall = (text: string) => {
      const put = event('PUT', '/api/external/integracoes/queries', text);
      put.requestContext.authorizer = { aplicacaoId: '3', scopes: 'integracoes:write', certificado: 'c' };
      return agent(put, context);
    };

    const list = await agentCall('[]');
    const object = await agentCall('{}');

    expect(list.statusCode).toBe(200);
    expect(answer(object)).toEqual({ status: 400, error: 'validation_error', message: 'body must be a JSON array', field: 'body' });
  });

  it('takes a provider form as form-urlencoded only, with well-formed percent-decoded fields', async () => {
    const status = (bytes: string, contentType: string) =>
      call('/api/webhooks/whatsapp/status', Buffer.from(bytes), contentType, webhooks, {});

    expect((await status('MessageSid=SM1&MessageStatus=sent', 'application/x-www-form-urlencoded; charset=UTF-8')).statusCode).toBe(200);
    expect((await status('{"MessageSid":"SM1"}', 'application/json')).statusCode).toBe(415);
    expect(answer(await status('MessageSid=SM1&Body=%FF', 'application/x-www-form-urlencoded'))).toEqual({
      status: 400,
      error: 'invalid_encoding',
      message: 'The request body or one of its fields is not well-formed UTF-8',
    });
    expect(answer(await status('Body=%ED%A0%80', 'application/x-www-form-urlencoded'))).toMatchObject({ error: 'invalid_encoding' });
    // A % that starts no escape is a literal, as URLSearchParams reads it.
    expect((await status('MessageSid=SM1&MessageStatus=sent&Body=100%', 'application/x-www-form-urlencoded')).statusCode).toBe(200);
  });
});

describe("a route's body limit", () => {
  const importRoute = 'POST /api/external/integracoes/registros';
  const handler = groupHandler('agent-import', { [importRoute]: async (request) => json(200, { bytes: request.rawBody.length }) });
  /** A JSON body of exactly `bytes` bytes, from an agent of application 3 with the import scope. */
  const call = (bytes: number) => {
    const body = `{"pad":"${'x'.repeat(bytes - 10)}"}`;
    const e = event('POST', '/api/external/integracoes/registros', body);
    e.requestContext.authorizer = { aplicacaoId: '3', scopes: 'registros:importar', certificado: 'c' };
    return handler(e, context);
  };

  it('hands the operation a body of up to the limit, and answers 413 naming the limit above it, before parsing it', async () => {
    const atLimit = await call(AGENT_IMPORT_MAX_BODY_BYTES);
    const over = await call(AGENT_IMPORT_MAX_BODY_BYTES + 1);

    expect(atLimit.statusCode).toBe(200);
    expect(JSON.parse(atLimit.body)).toEqual({ bytes: AGENT_IMPORT_MAX_BODY_BYTES });
    expect(over.statusCode).toBe(413);
    expect(JSON.parse(over.body)).toEqual({
      error: 'payload_too_large',
      message: `The request body has ${AGENT_IMPORT_MAX_BODY_BYTES + 1} bytes; this route takes at most ${AGENT_IMPORT_MAX_BODY_BYTES} bytes`,
      maxBytes: AGENT_IMPORT_MAX_BODY_BYTES,
    });
  });
});

describe('paging', () => {
  it('defaults page 0 and size 20, accepts up to 100 and refuses more', () => {
    expect(readPaging({})).toEqual({ page: 0, size: 20 });
    expect(readPaging({ page: '3', size: '100' })).toEqual({ page: 3, size: 100 });
    expect(() => readPaging({ size: '101' })).toThrow('size must be at most 100');
    expect(() => readPaging({ page: '-1' })).toThrow('page must be a plain decimal integer');
    expect(() => readPaging({ size: 'ten' })).toThrow(/size/);
  });
});

describe('validation messages', () => {
  it('tells a missing field from one of the wrong type', () => {
    const schema = z.object({ telefone: z.string() });

    expect(() => validate(schema, {})).toThrow('telefone is required');
    expect(() => validate(schema, { telefone: 123 })).toThrow('telefone must be a string');
  });
});

describe('access rules of the route table', () => {
  const handler = groupHandler('v2-appointments', {
    'POST /api/external/v2/agendamentos': async () => json(201, { ok: true }),
  });
  const call = (authorizer: Record<string, string> | undefined) => {
    const e = event('POST', '/api/external/v2/agendamentos', '{}');
    e.requestContext.authorizer = authorizer;
    return handler(e, context);
  };
  const now = Math.floor(Date.now() / 1000);

  it('serves a token holding the scope the route needs', async () => {
    const result = await call({ aplicacaoId: '3', scopes: 'agendamentos:read agendamentos:write', expiresAt: String(now + 60) });
    expect(result.statusCode).toBe(201);
  });

  it('answers 403 insufficient_scope naming the scope in WWW-Authenticate', async () => {
    const result = await call({ aplicacaoId: '3', scopes: 'agendamentos:read' });

    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body).error).toBe('insufficient_scope');
    expect(result.headers?.['WWW-Authenticate']).toBe(
      'Bearer realm="whatsapp-platform", error="insufficient_scope", scope="agendamentos:write"',
    );
  });

  it('answers 401 invalid_token for a refused or expired token, even from a cached allow', async () => {
    for (const authorizer of <(Record<string, string> | undefined)[]>[
      { authError: 'invalid_token', scopes: '' },
      { aplicacaoId: '3', scopes: 'agendamentos:write', expiresAt: String(now - 1) },
      undefined,
    ]) {
      const result = await call(authorizer);
      expect(result.statusCode).toBe(401);
      expect(JSON.parse(result.body).error).toBe('invalid_token');
      expect(result.headers?.['WWW-Authenticate']).toContain('error="invalid_token"');
    }
  });

  it('answers 401 to a portal token of another role and 429 with Retry-After when rate limited', async () => {
    const portalHandler = groupHandler('admin-whatsapp', { 'GET /api/admin/whatsapp/setores/{id}': async () => json(200, {}) });
    const portalEvent = event('GET', '/api/admin/whatsapp/setores/{id}');
    portalEvent.requestContext.authorizer = { aplicacaoId: '3', scopes: '', role: 'paciente' };
    const machine = groupHandler('provider-api', { 'POST /api/external/prestador/v1/execucao': async () => json(200, {}) });
    const limited = event('POST', '/api/external/prestador/v1/execucao', '{}');
    limited.requestContext.authorizer = { scopes: '', authError: 'rate_limited', retryAfter: '17' };

    const wrongRole = await portalHandler(portalEvent, context);
    const throttled = await machine(limited, context);

    expect(wrongRole.statusCode).toBe(403);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers?.['Retry-After']).toBe('17');
  });
});

describe('validation messages for integers and lists', () => {
  it('uses the right article', () => {
    const schema = z.object({ limite: z.int(), ips: z.array(z.string()) });

    expect(() => validate(schema, { limite: 1.5, ips: [] })).toThrow('limite must be an integer');
    expect(() => validate(schema, { limite: 1, ips: 'x' })).toThrow('ips must be an array');
  });
});

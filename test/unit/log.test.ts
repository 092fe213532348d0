import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '#events/samples/api-gateway';
import { resetConfig } from '#shared/config';
import { HttpError } from '#shared/http/errors';
import { errorResult } from '#shared/http/kit';
import { log, redactText, withLambdaLog, withLogContext } from '#shared/log';

describe('structured log', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('writes one JSON line with the request context and never a secret value', () => {
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});

    withLogContext({ requestId: 'r-9', aplicacaoId: 7 }, () =>
      log.warn('credential check', { apiKey: 'k-123', headers: { 'X-Api-Secret': 's3cr3t', authorization: 'Bearer x.y.z' }, count: 2 }),
    );

    const text = String(out.mock.calls[0]?.[0]);
    expect(JSON.parse(text)).toMatchObject({ level: 'warn', message: 'credential check', requestId: 'r-9', aplicacaoId: 7, count: 2 });
    for (const secret of ['k-123', 's3cr3t', 'x.y.z']) expect(text).not.toContain(secret);
  });

  it('redacts secrets and personal data at any depth, and writes cycles and BigInts without throwing', () => {
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});
    let deep: Record<string, unknown> = { authToken: 'deep-secret', cpf: '52998224725', telefone: '+5511987654321' };
    for (let i = 0; i < 12; i++) deep = { nested: deep };
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;

    expect(() => log.warn('odd values', { deep, cycle, big: 12345678901234567890n, list: [{ password: 'p4ss' }] })).not.toThrow();

    const text = String(out.mock.calls[0]?.[0]);
    const line = JSON.parse(text);
    for (const value of ['deep-secret', '52998224725', '+5511987654321', 'p4ss']) expect(text).not.toContain(value);
    expect(line).toMatchObject({ message: 'odd values', big: '12345678901234567890', cycle: { name: 'loop', self: '[circular]' } });
  });

  it('redacts phones and CPFs inside text: the message, string values, error messages and stacks', () => {
    // Prepare: a provider's 4xx answer quoting the number, as the send path logs it when the request is refused.
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});
    const providerText = 'The provider refused the message: To number whatsapp:+5511987654321 is not a valid WhatsApp user';
    const error = new Error('patient 529.982.247-25 (phone (11) 98765-4321) not found');

    // Act
    log.warn(`request refused for +55 11 98765-4321`, {
      reason: providerText,
      error,
      detalhes: ['wa_id 5511987654321', 'cpf 52998224725'],
    });

    // Assess: the numbers are gone; the rest of the text stays.
    const text = String(out.mock.calls[0]?.[0]);
    for (const value of ['5511987654321', '98765-4321', '529.982.247-25', '52998224725', '987654321']) expect(text).not.toContain(value);
    const line = JSON.parse(text);
    expect(line.message).toBe('request refused for [redacted]');
    expect(line.reason).toBe('The provider refused the message: To number whatsapp:[redacted] is not a valid WhatsApp user');
    expect(line.error.message).toBe('patient [redacted] (phone [redacted]) not found');
    expect(line.error.stack).not.toContain('98765');
    expect(line.detalhes).toEqual(['wa_id [redacted]', 'cpf [redacted]']);
  });

  it("logs a refused request's reason without the phone a provider's error text quotes; the caller's answer keeps it", () => {
    // Prepare: the send path's 400 when the provider refused (shared/operations/send-message.ts).
    vi.stubEnv('LOG_LEVEL', 'info');
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const refusal = new HttpError(400, 'provider_rejected', 'The provider refused the message: +5511987654321 is not on WhatsApp');

    // Act
    const answer = errorResult(refusal, 'req-4xx');

    // Assess
    const line = JSON.parse(String(out.mock.calls[0]?.[0]));
    expect(line).toMatchObject({
      message: 'request refused',
      status: 400,
      reason: 'The provider refused the message: [redacted] is not on WhatsApp',
    });
    expect(JSON.parse(answer.body).message).toContain('+5511987654321');
  });

  it.each([
    ['+5511987654321', '[redacted]'],
    ['+55 (11) 98765-4321.', '[redacted].'],
    ['+1 415 555 2671', '[redacted]'],
    ['11 3456-7890 or 11987654321', '[redacted] or [redacted]'],
    ['requestId 0f8a3c1e-2b4d-4e6f-8a9b-123456789012', 'requestId 0f8a3c1e-2b4d-4e6f-8a9b-123456789012'],
    ['at 2026-11-25 20:16:29.283 from 192.168.100.200:8443', 'at 2026-11-25 20:16:29.283 from 192.168.100.200:8443'],
    ['message 1234567 of application 42, balance 1234567.89', 'message 1234567 of application 42, balance 1234567.89'],
    [
      'SM0123456789abcdef0123456789abcdef wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNB',
      'SM0123456789abcdef0123456789abcdef wamid.HBgNNTUxMTk4NzY1NDMyMRUCABIYFDNB',
    ],
    ['id 12345678901234567', 'id 12345678901234567'],
  ])('in text, %s becomes %s', (input, expected) => {
    expect(redactText(input)).toBe(expected);
  });

  it('still writes the line when a value refuses to be serialised', () => {
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});
    const hostile = {
      toJSON() {
        throw new Error('no');
      },
    };

    expect(() => log.warn('hostile', { hostile })).not.toThrow();

    expect(JSON.parse(String(out.mock.calls[0]?.[0]))).toMatchObject({ message: 'hostile', logError: 'no' });
  });
});

describe('Lambda fields of every log line', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    resetConfig();
  });

  const lines = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);

  it('carries the keys Powertools writes, with the cold start on the first invocation only', async () => {
    vi.stubEnv('_X_AMZN_TRACE_ID', 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=557abcec3ee5a047;Sampled=1');
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = withLambdaLog(async () => log.warn('tick'));
    const context = lambdaContext('fn-powertools-keys');

    await handler({}, context);
    await handler({}, { ...context, awsRequestId: 'second' });

    const [first, second] = lines(out);
    expect(first).toMatchObject({
      level: 'warn',
      message: 'tick',
      cold_start: true,
      function_name: 'fn-powertools-keys',
      function_memory_size: '1024',
      function_arn: context.invokedFunctionArn,
      function_request_id: context.awsRequestId,
      xray_trace_id: '1-5759e988-bd862e3fe1be46a994272793',
      service: 'whatsapp-platform',
    });
    expect(second).toMatchObject({ cold_start: false, function_request_id: 'second' });
  });

  it('counts no cold start where Lambda initialised the environment ahead (provisioned concurrency)', async () => {
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'provisioned-concurrency');
    resetConfig();
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});

    await withLambdaLog(async () => log.warn('tick'))({}, lambdaContext('fn-provisioned'));

    expect(lines(out)[0]).toMatchObject({ cold_start: false, function_name: 'fn-provisioned' });
  });

  it("takes an authorizer event's request id, and keeps the invocation's fields under a nested context", async () => {
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = withLambdaLog(async (_event: { requestContext: { requestId: string } }) =>
      withLogContext({ messageId: 'm-1' }, () => log.warn('record')),
    );

    await handler({ requestContext: { requestId: 'api-req-7' } }, lambdaContext('fn-nested'));

    expect(lines(out)[0]).toMatchObject({ requestId: 'api-req-7', messageId: 'm-1', function_name: 'fn-nested', cold_start: true });
  });

  it('starts a new invocation afresh, even when called inside another one (local queues)', async () => {
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});
    const consumer = withLambdaLog(async () => log.warn('consumed'));

    await withLogContext({ requestId: 'web-1', aplicacaoId: 9 }, () => consumer({ Records: [] }, lambdaContext('fn-consumer') as never));

    const line = lines(out)[0]!;
    expect(line).toMatchObject({ function_name: 'fn-consumer' });
    expect(line).not.toHaveProperty('requestId');
    expect(line).not.toHaveProperty('aplicacaoId');
  });

  it("puts them on a queue consumer's lines beside the record's id", async () => {
    const out = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { handler } = await import('#functions/consumers/inbound');

    await handler({ Records: [{ messageId: 'rec-1', body: 'not json', attributes: {} }] } as never, lambdaContext('Consumer-inbound'));

    expect(lines(out).find((l) => l.message === 'dropped malformed queue message')).toMatchObject({
      consumer: 'inbound',
      messageId: 'rec-1',
      function_name: 'Consumer-inbound',
      cold_start: true,
    });
  });
});

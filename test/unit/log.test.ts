import { afterEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '#events/samples/api-gateway';
import { resetConfig } from '#shared/config';
import { log, withLambdaLog, withLogContext } from '#shared/log';

describe('structured log', () => {
  afterEach(() => vi.restoreAllMocks());

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

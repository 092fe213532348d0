import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext, restEvent } from '#events/samples/api-gateway';
import { resetConfig } from '#shared/config';
import { statusTokenMatches } from '#shared/domain/status';

const env = { APP_VERSION: '0.1.0', APP_COMMIT: 'abc1234def5678', APP_BUILD_TIME: '2026-11-22T01:00:00Z' };

async function freshHandler() {
  vi.resetModules(); // a new container: cold start again
  return (await import('#functions/public/handler')).handler;
}

async function getStatus(handler: Awaited<ReturnType<typeof freshHandler>>, headers: Record<string, string> = {}) {
  const result = await handler(restEvent({ method: 'GET', resource: '/api/status', headers }), lambdaContext());
  return { ...result, json: JSON.parse(result.body) };
}

describe('GET /api/status', () => {
  beforeEach(() => {
    Object.assign(process.env, env);
    delete process.env.STATUS_TOKEN;
    resetConfig();
  });
  afterEach(() => {
    delete process.env.STATUS_TOKEN;
    resetConfig();
  });

  it('answers UP with the version, commit and build time, and the formatted version string', async () => {
    const handler = await freshHandler();

    const response = await getStatus(handler);

    expect(response.statusCode).toBe(200);
    expect(response.headers?.['Cache-Control']).toBe('no-store');
    expect(response.json).toEqual({
      status: 'UP',
      aplicacao: {
        nome: 'whatsapp-platform',
        versao: '0.1.0',
        commit: 'abc1234def5678',
        buildTime: '2026-11-22T01:00:00Z',
        formatted: 'whatsapp-platform v0.1.0 (abc1234, built 2026-11-22T01:00:00Z)',
      },
    });
  });

  it('shows no runtime metrics when no status token is configured, whatever the caller sends', async () => {
    const handler = await freshHandler();

    const response = await getStatus(handler, { 'X-Status-Token': 'anything' });

    expect(response.statusCode).toBe(200);
    expect(response.json.runtime).toBeUndefined();
  });

  it('shows runtime metrics to a caller presenting the configured token', async () => {
    const region = process.env.AWS_REGION;
    process.env.STATUS_TOKEN = 's3cret-status-token';
    process.env.AWS_REGION = 'sa-east-1';
    resetConfig();
    const handler = await freshHandler();

    const first = await getStatus(handler, { 'X-Status-Token': 's3cret-status-token' });
    const second = await getStatus(handler, { 'x-status-token': 's3cret-status-token' });

    expect(first.statusCode).toBe(200);
    expect(first.json.aplicacao.formatted).toBe('whatsapp-platform v0.1.0 (abc1234, built 2026-11-22T01:00:00Z)');
    expect(first.json.runtime).toMatchObject({
      coldStart: true,
      requestsServed: 1,
      node: process.version,
      region: 'sa-east-1',
      uptimeSeconds: expect.any(Number),
      memoria: { rssBytes: expect.any(Number), heapUsedBytes: expect.any(Number) },
    });
    expect(second.json.runtime).toMatchObject({ coldStart: false, requestsServed: 2 });
    if (region === undefined) delete process.env.AWS_REGION;
    else process.env.AWS_REGION = region;
  });

  it('answers a wrong or missing token exactly like an anonymous call (200, basic body)', async () => {
    process.env.STATUS_TOKEN = 's3cret-status-token';
    resetConfig();
    const handler = await freshHandler();

    const wrong = await getStatus(handler, { 'X-Status-Token': 's3cret-status-tokeX' });
    const longer = await getStatus(handler, { 'X-Status-Token': 's3cret-status-token-and-more' });
    const missing = await getStatus(handler);

    for (const response of [wrong, longer, missing]) {
      expect(response.statusCode).toBe(200);
      expect(Object.keys(response.json).sort()).toEqual(['aplicacao', 'status']);
    }
  });

  it('compares tokens without being fooled by prefixes, case or empty values', () => {
    expect(statusTokenMatches('token', 'token')).toBe(true);
    expect(statusTokenMatches('token', 'Token')).toBe(false);
    expect(statusTokenMatches('token', 'tok')).toBe(false);
    expect(statusTokenMatches('token', '')).toBe(false);
    expect(statusTokenMatches(undefined, '')).toBe(false);
    expect(statusTokenMatches('', '')).toBe(false);
  });
});

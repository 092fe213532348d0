import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, withLogContext } from '#shared/log';

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
});

// One tenant cannot starve the others (#12 item 5): the local gateway enforces the stack's web ACL
// rules (infra/constructs/rate-limits.ts) with lower limits, so a flood is cheap to make here. The
// flooding application gets 429 with Retry-After; another application, at the same moment, does not.
import { describe, expect, it } from 'vitest';
import { rateLimits, rateLimitsFrom } from '#infra/constructs/rate-limits';
import { accessToken, bearer, client, useLocalService } from '../support/local-service.ts';

const service = useLocalService({ rateLimits: rateLimitsFrom('per-api-key=20,per-bearer-token=20,sign-in-per-ip=15') });
const { call, external } = client(service);

describe('per-credential rate limits', () => {
  it("answers 429 with Retry-After to the tenant over its share, and nothing changes for another tenant's key", async () => {
    const { demo, outra } = service.sandbox.applications;

    const flood = await Promise.all(Array.from({ length: 30 }, () => external(demo).get('/api/external/financeiro/saldo')));
    const other = await Promise.all(Array.from({ length: 10 }, () => external(outra).get('/api/external/financeiro/saldo')));

    const refused = flood.filter((r) => r.status === 429);
    expect(flood.filter((r) => r.status === 200)).toHaveLength(20);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.body).toEqual({ error: 'too_many_requests', message: 'Too many requests' });
    const retryAfter = Number(refused[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(other.every((r) => r.status === 200)).toBe(true);
  });

  it('limits each bearer token on its own, and the token endpoint per address', async () => {
    const { semSaldo } = service.sandbox.applications;
    const token = await accessToken(service, semSaldo.oauth, 'pacientes:read');

    const calls = await Promise.all(Array.from({ length: 25 }, () => call('GET', '/api/external/v2/pacientes', bearer(token))));
    const tokens = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${service.baseUrl}/oauth2/token`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        }),
      ),
    );

    expect(calls.filter((r) => r.status === 429)).toHaveLength(5);
    // 14 more token requests from this address are counted (one was made above): 15 in all, then 429.
    expect(tokens.filter((r) => r.status === 429).length).toBe(20 - 14);
  });

  it('reads RATE_LIMITS: off, or some limits changed, and refuses a typo', () => {
    expect(rateLimitsFrom('off')).toEqual([]);
    expect(rateLimitsFrom(undefined)).toBe(rateLimits);
    expect(rateLimitsFrom('per-api-key=5').find((l) => l.name === 'per-api-key')?.limitPerMinute).toBe(5);
    expect(() => rateLimitsFrom('per-apikey=5')).toThrow('RATE_LIMITS');
    expect(() => rateLimitsFrom('per-api-key=lots')).toThrow('RATE_LIMITS');
  });
});

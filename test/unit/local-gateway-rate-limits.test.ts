// The local gateway's mirror of the web ACL (infra/constructs/rate-limits.ts, web-acl.ts): a bearer
// token is counted once however its Authorization header is spelled, as WAF's text transformations
// count it, and the providers' webhooks are metered per address. The limits are the stack's rules
// with small numbers, so a flood is a handful of requests.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, transformedKey } from '#infra/constructs/rate-limits';
import { createGateway, type Gateway, type GroupHandler } from '#infra/local/gateway';
import { bearerTokenOf } from '#shared/auth/bearer';
import { gatewayResponses } from '#shared/http/gateway-responses';
import type { Route } from '#shared/http/routes';

const route = (method: Route['method'], path: string, group: Route['group']): Route => ({
  method,
  path,
  group,
  auth: 'none',
  body: 'none',
});

describe('local gateway: the web ACL rules', () => {
  /** The stack's rules, these with small limits. */
  const small: Record<string, number> = { 'per-bearer-token': 4, 'webhooks-per-ip': 3 };
  let gateway: Gateway;
  let baseUrl: string;
  const handled: string[] = [];
  const handler: GroupHandler = async (event) => {
    handled.push(`${event.httpMethod} ${event.path}`);
    return { statusCode: 200, body: JSON.stringify({ ok: true }) };
  };

  beforeAll(async () => {
    gateway = createGateway({
      routes: [route('GET', '/api/echo', 'admin'), route('POST', '/api/webhooks/whatsapp/status', 'webhooks')],
      quiet: true,
      rateLimits: rateLimits.map((limit) => ({ ...limit, limitPerMinute: small[limit.name] ?? limit.limitPerMinute })),
      loadGroup: async () => handler,
    });
    baseUrl = await gateway.listen(0);
  });
  afterAll(() => gateway.close());

  const get = (authorization: string) => fetch(`${baseUrl}/api/echo`, { headers: { Authorization: authorization } });

  it('counts one bearer token once whatever the case of its scheme and the white space after it', async () => {
    // Prepare: four spellings of one token's header, one more of them, and another token
    const token = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const spellings = [`Bearer ${token}`, `bearer ${token}`, `BEARER ${token}`, `Bearer\t${token}`];

    // Act
    const within = [];
    for (const spelling of spellings) within.push(await get(spelling));
    const over = await get(`bEaReR  ${token}`);
    const other = await get('Bearer another.token.value');

    // Assess: the fifth spelling is the token's fifth request, refused; the other token has its own count
    expect(within.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await over.json()).toEqual(gatewayResponses.THROTTLED.body);
    expect(other.status).toBe(200);
  });

  it("meters the providers' webhooks per address, and nothing else by that count", async () => {
    const post = () => fetch(`${baseUrl}/api/webhooks/whatsapp/status`, { method: 'POST', body: 'MessageSid=SM1&MessageStatus=sent' });

    const within = [await post(), await post(), await post()];
    const over = await post();
    const elsewhere = await fetch(`${baseUrl}/api/echo`);

    expect(within.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(elsewhere.status).toBe(200);
  });
});

describe("the bearer rule's key and the authorizers' rule", () => {
  const bearerRule = rateLimits.find((l) => l.name === 'per-bearer-token')!;
  const transformations = bearerRule.key === 'ip' ? [] : (bearerRule.key.transformations ?? []);
  const b64token = fc.stringMatching(/^[A-Za-z0-9\-._~+/]{1,40}=*$/);
  const schemeCase = fc
    .array(fc.boolean(), { minLength: 6, maxLength: 6 })
    .map((upper) => [...'bearer'].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
  const whiteSpace = fc
    .array(fc.constantFrom(' ', '\t', '\n', '\r', '\f', '\v', '\u00a0'), { minLength: 1, maxLength: 4 })
    .map((w) => w.join(''));

  it('gives every spelling the authorizers accept for one token the key of "Bearer <token>", and folds the white space they refuse into it', () => {
    fc.assert(
      fc.property(schemeCase, whiteSpace, b64token, (scheme, space, token) => {
        const spelled = `${scheme}${space}${token}`;
        expect(transformedKey(spelled, transformations)).toBe(transformedKey(`Bearer ${token}`, transformations));
        // accepted exactly when the white space is one space: the one form of shared/auth/bearer.ts
        expect(bearerTokenOf(spelled)).toBe(space === ' ' ? token : undefined);
      }),
    );
  });

  it('lower-cases ASCII letters only and compresses WAF’s white space characters, as its documentation says', () => {
    expect(transformedKey('Bearer \u00c9A\t\t\u00a0b', ['LOWERCASE', 'COMPRESS_WHITE_SPACE'])).toBe('bearer \u00c9a b');
    expect(transformedKey('ak_AbC  x', [])).toBe('ak_AbC  x');
  });
});

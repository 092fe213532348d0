// The two key-and-secret authorizers (the external API's key pair and the provider's nbwp_ credential)
// read the pair the same way (shared/auth/key-secret.ts): white space around the key or the secret is
// trimmed by both, and a key that is unknown (or could not be one) costs both the one dummy-hash comparison
// a wrong secret costs.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticateApiKey } from '#functions/authorizers/api-key';
import { providerCredentialAuthenticator } from '#functions/authorizers/provider-credential';
import { DUMMY_SECRET_HASH } from '#shared/auth/key-secret';
import type * as secrets from '#shared/auth/secrets';
import { hashSecret, secretMatches } from '#shared/auth/secrets';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';

vi.mock('#shared/auth/secrets', async (original) => {
  const actual = await original<typeof secrets>();
  return { ...actual, secretMatches: vi.fn(actual.secretMatches) };
});

const KEY = 'nbwp_Zm9vYmFyYmF6cXV4MTIz';
const SECRET = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';

const credential: ProviderCredentialRecord = {
  credencialId: 501,
  apiKey: KEY,
  aplicacaoId: 7,
  prestadorId: 42,
  secretHash: hashSecret(SECRET),
  nome: 'ERP da clínica',
  ativo: true,
  ipAllowlist: [],
  limitePorMinuto: null,
  revogadoEm: null,
  criadoEm: '2026-01-01T00:00:00.000Z',
};

/** Each authorizer over a store holding the one pair (KEY, SECRET): whether it lets the pair in, and the keys it looked up. */
const authorizers = {
  'API key': async (headers: Record<string, string>, known = true) => {
    const reads: string[] = [];
    const principal = await authenticateApiKey({ headers }, async (key) => {
      reads.push(key);
      return known && key === KEY ? { aplicacaoId: 7, secretHash: hashSecret(SECRET), ativo: true } : undefined;
    });
    return { allowed: principal !== undefined, reads };
  },
  'provider credential': async (headers: Record<string, string>, known = true) => {
    const reads: string[] = [];
    const authenticate = providerCredentialAuthenticator({
      findByKey: async (key) => {
        reads.push(key);
        return known && key === KEY ? credential : undefined;
      },
      rateLimiter: { consume: async () => ({ allowed: true }) },
      recordUse: async () => undefined,
    });
    const principal = await authenticate({ headers, requestContext: { identity: { sourceIp: '203.0.113.10' } } });
    return { allowed: principal !== undefined, reads };
  },
};

const pair = (key: string, secret: string) => ({ 'X-Api-Key': key, 'X-Api-Secret': secret });

afterEach(() => vi.mocked(secretMatches).mockClear());

describe.each(Object.entries(authorizers))('the %s authorizer', (_, authorize) => {
  it.each([
    ['as sent', pair(KEY, SECRET), true],
    ['with spaces around the key and the secret', pair(`  ${KEY} `, ` ${SECRET}  `), true],
    ['with tabs around the key and the secret', pair(`\t${KEY}\t`, `\t${SECRET}\t`), true],
    ['with a space inside the key', pair(`${KEY.slice(0, 8)} ${KEY.slice(8)}`, SECRET), false],
    ['with a space inside the secret', pair(KEY, `${SECRET.slice(0, 8)} ${SECRET.slice(8)}`), false],
  ])('reads the pair %s the same way as the other', async (_, headers, allowed) => {
    const answer = await authorize(headers);

    expect(answer.allowed).toBe(allowed);
    // The lookup, when there is one, is by the trimmed key.
    for (const read of answer.reads) expect(read).toBe(read.trim());
  });

  it.each([
    ['an unknown key', pair(KEY, SECRET), false],
    ['a key that could not be one (too long)', pair(`nbwp_${'x'.repeat(200)}`, SECRET), true],
    ['a key that could not be one (not visible ASCII)', pair('nbwp_chave com espaço e ç', SECRET), true],
  ])('spends the one dummy-hash comparison on %s, as on a wrong secret', async (_, headers, implausible) => {
    const answer = await authorize(headers, false);

    expect(answer.allowed).toBe(false);
    expect(answer.reads).toHaveLength(implausible ? 0 : 1);
    expect(vi.mocked(secretMatches).mock.calls).toEqual([[SECRET, DUMMY_SECRET_HASH]]);
  });

  it('spends one comparison, with the stored hash, on a wrong secret', async () => {
    const answer = await authorize(pair(KEY, `${SECRET}x`));

    expect(answer.allowed).toBe(false);
    expect(vi.mocked(secretMatches).mock.calls).toEqual([[`${SECRET}x`, hashSecret(SECRET)]]);
  });
});

// The verifiers' public key set: private members never kept, the cache reloaded once for an unknown kid
// (so a freshly published key verifies at once), and at most once per interval (so forged kids cannot
// turn every request into a secret read).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import { generateSigningKeyJwk } from '#shared/auth/signing-keys';
import {
  parseVerificationKeySet,
  resetVerificationKeys,
  UNKNOWN_KID_RELOAD_MS,
  verificationKeyFor,
  verificationKeySetOf,
} from '#shared/auth/verification-keys';

afterEach(() => {
  resetAdapters();
  resetVerificationKeys();
  vi.useRealTimers();
});

/** A secrets adapter whose public set the test changes, counting reads. */
function publishedSet(initial: string) {
  const state = { text: initial, reads: 0 };
  useAdapters({ secrets: { get: async () => (state.reads++, state.text) } });
  return state;
}

describe('the verification key set', () => {
  it('keeps only the public half of each key, and refuses anything but RSA keys with a kid', async () => {
    const jwk = await generateSigningKeyJwk();

    const published = verificationKeySetOf([jwk]);

    expect(published).not.toMatch(/"(d|p|q|dp|dq|qi)"/);
    expect(parseVerificationKeySet(published)).toEqual([{ kty: 'RSA', n: jwk.n, e: jwk.e, kid: jwk.kid, alg: 'RS256', use: 'sig' }]);
    // A private set given by mistake is reduced to the same public keys.
    expect(parseVerificationKeySet(JSON.stringify({ keys: [jwk] }))).toEqual(parseVerificationKeySet(published));
    for (const bad of [
      '{}',
      '{"keys":[]}',
      '{"keys":[{"kty":"EC","kid":"x"}]}',
      'not json',
      JSON.stringify({ keys: [{ ...jwk, kid: '' }] }),
    ]) {
      expect(() => parseVerificationKeySet(bad), bad).toThrow();
    }
  });

  it('reloads once for a kid it does not know, so a key published after the cache was filled verifies at once', async () => {
    const [old, fresh] = [await generateSigningKeyJwk(), await generateSigningKeyJwk()];
    const secret = publishedSet(verificationKeySetOf([old]));
    await verificationKeyFor(old.kid);

    secret.text = verificationKeySetOf([old, fresh]);
    const key = await verificationKeyFor(fresh.kid);
    await verificationKeyFor(old.kid);

    expect(key).toBeDefined();
    expect(secret.reads).toBe(2);
  });

  it('reloads for unknown kids at most once per interval', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const known = await generateSigningKeyJwk();
    const secret = publishedSet(verificationKeySetOf([known]));
    await verificationKeyFor(known.kid);

    const forged = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => verificationKeyFor(`forged-${i}`)));
    const readsAfterFlood = secret.reads;
    vi.advanceTimersByTime(UNKNOWN_KID_RELOAD_MS + 1);
    await expect(verificationKeyFor('forged-again')).rejects.toThrow('unknown kid');

    expect(forged.every((r) => r.status === 'rejected')).toBe(true);
    expect(readsAfterFlood).toBe(2);
    expect(secret.reads).toBe(3);
  });
});

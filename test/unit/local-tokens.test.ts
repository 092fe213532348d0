import { calculateJwkThumbprint, createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import { generateSigningKeyJwk, loadSigningKeys, publicJwks, resetSigningKeys } from '#shared/auth/signing-keys';
import { resetVerificationKeys } from '#shared/auth/verification-keys';
import { signPortalToken } from '#shared/auth/tokens';
import { config, resetConfig } from '#shared/config';

describe('signing keys and portal tokens', () => {
  let keyA: JWK;
  let keyB: JWK;
  let secretValue: string;
  const reads: string[] = [];

  beforeAll(async () => {
    [keyA, keyB] = await Promise.all([generateSigningKeyJwk(), generateSigningKeyJwk()]);
  });

  beforeEach(() => {
    process.env.TOKEN_ISSUER = 'urn:test:issuer';
    process.env.PORTAL_AUDIENCE = 'urn:test:portal';
    process.env.SIGNING_KEY_SECRET_ID = 'test-signing-keys';
    resetConfig();
    resetSigningKeys();
    resetVerificationKeys();
    reads.length = 0;
    secretValue = JSON.stringify({ keys: [keyA] });
    useAdapters({
      secrets: {
        get: async (id) => {
          reads.push(id);
          return secretValue;
        },
      },
    });
  });

  afterEach(() => {
    vi.useRealTimers();
    resetAdapters();
    resetSigningKeys();
    resetVerificationKeys();
    delete process.env.TOKEN_ISSUER;
    delete process.env.PORTAL_AUDIENCE;
    delete process.env.SIGNING_KEY_SECRET_ID;
    resetConfig();
  });

  it('generates an extractable RS256 private JWK whose kid is its thumbprint', async () => {
    expect(keyA).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(typeof keyA.d).toBe('string');
    expect(keyA.kid).toBe(await calculateJwkThumbprint(keyA));
    expect(keyA.kid).not.toBe(keyB.kid);
  });

  it('signs a portal token with the current key, verifiable with the public JWKS', async () => {
    // Act
    const token = await signPortalToken({ role: 'prestador', aplicacaoId: 42, subject: '1001', ttlSeconds: 3600, prestadorId: 7 });

    // Assess
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', typ: 'JWT', kid: keyA.kid });
    const { payload } = await jwtVerify(token, createLocalJWKSet(await publicJwks()), {
      issuer: 'urn:test:issuer',
      audience: 'urn:test:portal',
      algorithms: ['RS256'],
    });
    expect(payload).toMatchObject({ sub: '1001', role: 'prestador', aplicacao_id: 42, prestador_id: 7 });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(reads).toEqual([config().signingKeySecretId]);
  });

  it('publishes only public key members', async () => {
    const jwks = await publicJwks();

    expect(jwks.keys).toHaveLength(1);
    expect(Object.keys(jwks.keys[0]!).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
  });

  it('keeps verifying tokens of the previous key during a rotation', async () => {
    // Prepare: a token signed with key A, then the secret rotates to [B, A].
    const before = await signPortalToken({ role: 'admin', aplicacaoId: 1, subject: 'u', ttlSeconds: 60 });
    secretValue = JSON.stringify({ keys: [keyB, keyA] });
    resetSigningKeys();
    resetVerificationKeys();

    // Act
    const after = await signPortalToken({ role: 'admin', aplicacaoId: 1, subject: 'u', ttlSeconds: 60 });
    const jwks = createLocalJWKSet(await publicJwks());

    // Assess
    expect(decodeProtectedHeader(after).kid).toBe(keyB.kid);
    await expect(jwtVerify(before, jwks)).resolves.toBeTruthy();
    await expect(jwtVerify(after, jwks)).resolves.toBeTruthy();
  });

  it('reads the secret once per five minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await loadSigningKeys();
    await loadSigningKeys();
    vi.setSystemTime(Date.now() + 4 * 60_000);
    await loadSigningKeys();
    expect(reads).toHaveLength(1);

    vi.setSystemTime(Date.now() + 2 * 60_000);
    await loadSigningKeys();
    expect(reads).toHaveLength(2);
  });

  it('refuses a key set without private keys or kid, and bad token input', async () => {
    secretValue = JSON.stringify({ keys: [{ kty: 'RSA', n: keyA.n, e: keyA.e, kid: 'x' }] });
    await expect(loadSigningKeys()).rejects.toThrow(/private JWK/);
    resetSigningKeys();
    resetVerificationKeys();
    secretValue = JSON.stringify({ keys: [keyA] });
    await expect(signPortalToken({ role: 'root' as never, aplicacaoId: 1, subject: 'u', ttlSeconds: 60 })).rejects.toThrow(/role/);
    await expect(signPortalToken({ role: 'admin', aplicacaoId: 0, subject: 'u', ttlSeconds: 60 })).rejects.toThrow(/aplicacaoId/);
  });
});

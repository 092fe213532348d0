// An unknown API key must cost what a wrong secret costs: the authorizer hashes the presented
// secret and compares it (against a dummy hash) even when the key does not exist, so response
// times do not reveal which keys exist. Counted here as SHA-256 computations per request.
import type * as NodeCrypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticateApiKey } from '#functions/authorizers/api-key';
import { hashSecret } from '#shared/auth/secrets';

const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  const createHash: typeof crypto.createHash = (...args: Parameters<typeof crypto.createHash>) => {
    hashes.count++;
    return crypto.createHash(...args);
  };
  return { ...crypto, default: { ...crypto, createHash }, createHash };
});

const API_KEY = 'ak_known';
const API_SECRET = 'a-secret-with-plenty-of-entropy-0123456789';
const stored = hashSecret(API_SECRET);
const lookup = async (key: string) => (key === API_KEY ? { aplicacaoId: 7, secretHash: stored } : undefined);

const hashesFor = async (headers: Record<string, string>) => {
  hashes.count = 0;
  const principal = await authenticateApiKey({ headers }, lookup);
  return { principal, hashes: hashes.count };
};

describe('API key authentication cost', () => {
  afterEach(() => {
    hashes.count = 0;
  });

  it('hashes the presented secret once whether the key is unknown, the secret wrong or the pair right', async () => {
    const unknownKey = await hashesFor({ 'X-Api-Key': 'ak_unknown', 'X-Api-Secret': API_SECRET });
    const wrongSecret = await hashesFor({ 'X-Api-Key': API_KEY, 'X-Api-Secret': 'wrong-secret' });
    const malformedKey = await hashesFor({ 'X-Api-Key': 'not a key', 'X-Api-Secret': API_SECRET });
    const right = await hashesFor({ 'X-Api-Key': API_KEY, 'X-Api-Secret': API_SECRET });

    expect(unknownKey).toEqual({ principal: undefined, hashes: 1 });
    expect(wrongSecret).toEqual({ principal: undefined, hashes: 1 });
    expect(malformedKey).toEqual({ principal: undefined, hashes: 1 });
    expect(right).toEqual({ principal: { aplicacaoId: 7, scopes: [], subject: API_KEY }, hashes: 1 });
  });
});

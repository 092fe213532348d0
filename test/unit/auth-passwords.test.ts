import { randomBytes, scryptSync } from 'node:crypto';
import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword, SCRYPT_PARAMS, verifyAgainstDummy, verifyPassword } from '#shared/auth/passwords';

// Every scrypt derivation, with what sets its cost: the work a verification does, counted rather than timed.
const derivations = vi.hoisted(() => [] as { password: string; saltBytes: number; keylen: number; N?: number; r?: number; p?: number }[]);
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  const scrypt = ((...args: Parameters<typeof actual.scrypt>) => {
    const [password, salt, keylen, options] = args;
    const { N, r, p } = typeof options === 'object' ? options : {};
    derivations.push({
      password: typeof password === 'string' ? password : '(bytes)',
      saltBytes: Buffer.from(salt as Buffer).length,
      keylen,
      N,
      r,
      p,
    });
    return (actual.scrypt as (...a: unknown[]) => void)(...args);
  }) as typeof actual.scrypt;
  return { ...actual, scrypt, default: { ...actual, scrypt } };
});

/** The scrypt derivations `work` makes. */
async function derivationsOf(work: () => Promise<unknown>) {
  const from = derivations.length;
  await work();
  return derivations.slice(from);
}

const password = 'correct horse battery staple';

describe('portal passwords (scrypt)', () => {
  it('verifies the right password and refuses any other', async () => {
    // Prepare
    const stored = await hashPassword(password);

    // Act / Assess
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('stores the parameters and a random salt with the hash, never the password', async () => {
    // Act
    const [first, second] = await Promise.all([hashPassword(password), hashPassword(password)]);

    // Assess
    const [scheme, n, r, p, salt, key] = first.split('$');
    expect([scheme, Number(n), Number(r), Number(p)]).toEqual(['scrypt', SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(first).not.toBe(second);
    expect(first).not.toContain(password);
    expect(first).not.toContain(Buffer.from(password).toString('base64url'));
  });

  it('costs at least 2^15 iterations of scrypt (N) with r=8', () => {
    expect(SCRYPT_PARAMS.N).toBeGreaterThanOrEqual(2 ** 15);
    expect(SCRYPT_PARAMS.r).toBeGreaterThanOrEqual(8);
  });

  it('still verifies a hash made with other parameters (they travel with the hash)', async () => {
    // Prepare: a hash as an older, cheaper setting would have stored it.
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const stored = ['scrypt', 2 ** 14, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');

    // Act / Assess
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword('other password!', stored)).toBe(false);
  });

  it('treats the same text typed with composed or decomposed accents as the same password', async () => {
    const stored = await hashPassword('senha-de-João-2024');

    expect(await verifyPassword('senha-de-Joa\u0303o-2024', stored)).toBe(true);
  });

  it('refuses malformed or abusive stored hashes without throwing', async () => {
    const salt = randomBytes(16).toString('base64url');
    const key = randomBytes(32).toString('base64url');

    for (const stored of [
      '',
      'plaintext-password',
      `bcrypt$32768$8$1$${salt}$${key}`,
      `scrypt$1000$8$1$${salt}$${key}`, // N not a power of two
      `scrypt$${2 ** 24}$8$1$${salt}$${key}`, // would take seconds and gigabytes
      `scrypt$32768$8$1$$${key}`, // no salt
      `scrypt$32768$8$1$${salt}`,
    ]) {
      expect(await verifyPassword(password, stored)).toBe(false);
    }
  });

  it('does the work of a real verification when there is no hash to check (unknown e-mail)', async () => {
    // Prepare
    const stored = await hashPassword(password);

    // Act
    const real = await derivationsOf(() => verifyPassword('wrong password 123', stored));
    const dummy = await derivationsOf(() => verifyAgainstDummy('wrong password 123'));
    const dummyRight = await derivationsOf(() => verifyAgainstDummy(password));

    // Assess: one derivation of the given password each, at the same cost (a shortcut would derive nothing).
    const expected = { password: 'wrong password 123', saltBytes: 16, keylen: 32, ...SCRYPT_PARAMS };
    expect(real).toEqual([expected]);
    expect(dummy).toEqual([expected]);
    expect(dummyRight).toEqual([{ ...expected, password }]);
    expect(await verifyAgainstDummy(password)).toBe(false);
  });
});

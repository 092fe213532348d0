// Portal passwords are chosen by people (low entropy), so unlike the service's random secrets
// (shared/auth/secrets.ts) they are stretched: scrypt (node:crypto) with a random salt per
// password. The parameters travel with the hash, so they can be raised later without
// invalidating stored passwords, and a comparison is constant time.
//
// Stored form: scrypt$<N>$<r>$<p>$<salt, base64url>$<hash, base64url>
import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { constantTimeEqual } from '#shared/constant-time';

/** N=2^15, r=8, p=1: 32 MiB and about 90 ms on one core of a current x86 machine (measured). */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
// Refuse parameters from a stored hash that would cost more than this (a corrupted or planted hash must not exhaust the Lambda).
const MAX_N = 2 ** 17;
const MAX_MEM = 256 * 1024 * 1024;

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing it is never the expensive part. */
export const PASSWORD_MAX_LENGTH = 256;

const derive = (password: string, salt: Buffer, params: { N: number; r: number; p: number }, length: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const options: ScryptOptions = { ...params, maxmem: MAX_MEM };
    // NFKC: the same password typed on two keyboards (composed or decomposed accents) is the same password.
    scrypt(password.normalize('NFKC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** The scrypt hash of a password, to store. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_PARAMS, KEY_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] as string, 'base64url');
  const key = Buffer.from(parts[5] as string, 'base64url');
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 4) return undefined;
  if (salt.length < 8 || key.length < 16) return undefined;
  return { N, r, p, salt, key };
}

/** Whether `password` matches the stored hash; false (never a throw) for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed, parsed.key.length);
  return constantTimeEqual(key, parsed.key);
}

// Random salt and random "hash" with the current parameters: verifying against it costs exactly
// one real verification, and no password can match it.
const dummy = [
  'scrypt',
  SCRYPT_PARAMS.N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  randomBytes(SALT_BYTES).toString('base64url'),
  randomBytes(KEY_BYTES).toString('base64url'),
].join('$');

/**
 * Spends the time of one verification against a hash no password matches. Called when there
 * is no user (or no password) to check, so a wrong e-mail answers as slowly as a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(password, dummy);
  return false;
}

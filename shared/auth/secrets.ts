// Secrets that are only ever verified (API secrets, OAuth client secrets, nbwp_ secrets) are
// high-entropy random values, shown once and stored as SHA-256 hashes: with 256 bits of
// entropy a fast hash is enough (no password stretching needed), and lookups stay cheap.
import { createHash, randomBytes } from 'node:crypto';
import { constantTimeEqual } from '#shared/constant-time';

/** A random secret of `bytes` bytes, base64url, optionally prefixed (for example `nbwp_`). */
export const randomSecret = (bytes = 32, prefix = ''): string => prefix + randomBytes(bytes).toString('base64url');

export const hashSecret = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(presented: string, storedHash: string): boolean {
  return constantTimeEqual(hashSecret(presented), storedHash);
}

// The one comparison of secrets, signatures and tokens.
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: Uint8Array) => createHash('sha256').update(value).digest();

/**
 * Equal values in constant time. Values of one length (hashes, HMACs) are compared as they are;
 * values of different lengths are unequal, but are still compared through their hashes so the
 * time does not tell where they would have differed.
 */
export function constantTimeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const y = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  if (x.length === y.length) return timingSafeEqual(x, y);
  timingSafeEqual(digest(x), digest(y));
  return false;
}

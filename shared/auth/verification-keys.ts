// The public keys that verify the service's JWTs, for the functions that only verify them (the oauth2,
// portal and agent authorizers). They live in their own secret (config().verificationKeySecretId) as a
// JWKS `{ "keys": [<public JWK>, ...] }`, written from the private set by `npm run bootstrap` (and by the
// local run), so no verifier can read a private key (docs/decisions.md: "Private keys only where tokens
// are signed"). Cached for five minutes; a token with a kid the cache does not know triggers one reload,
// at most every 30 s. In AWS that reload goes through the secrets extension, which may answer from its own
// cache (5 minutes), so a key is not known everywhere at once: a rotation publishes it well before it
// signs (shared/auth/key-rotation.ts).
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { adapter } from '#shared/adapters/index';
import { KEY_SET_CACHE_MS, keyListOf, publishedJwk, SIGNING_ALG } from '#shared/auth/signing-keys';
import { expiringCache } from '#shared/cache';
import { config } from '#shared/config';

/** The least time between two reloads for an unknown kid (a flood of forged kids costs one read per interval). */
export const UNKNOWN_KID_RELOAD_MS = 30_000;

/** Parses a key set to its public keys by kid; a private JWK is reduced to its public half. Throws on anything but RSA keys with a kid. */
export function parseVerificationKeySet(text: string): JWK[] {
  return keyListOf(text, 'verification key').map((key, i) => {
    const jwk = key as JWK;
    if (jwk?.kty !== 'RSA' || typeof jwk.n !== 'string' || typeof jwk.kid !== 'string' || !jwk.kid) {
      throw new Error(`verification key ${i} is not an RSA JWK with a kid`);
    }
    if (jwk.alg !== undefined && jwk.alg !== SIGNING_ALG) throw new Error(`verification key ${jwk.kid} is not ${SIGNING_ALG}`);
    return publishedJwk(jwk);
  });
}

/** The verification secret's content for a private key set: its public halves, in the same order. */
export const verificationKeySetOf = (privateKeys: readonly JWK[], agentCaCertPem?: string): string =>
  JSON.stringify({ keys: privateKeys.map(publishedJwk), ...(agentCaCertPem ? { agentCaCertPem } : {}) });

type KeysByKid = Map<string, Promise<CryptoKey>>;

const cache = expiringCache<KeysByKid>(KEY_SET_CACHE_MS);
let lastUnknownKidReload = 0;

async function readKeys(): Promise<KeysByKid> {
  const text = await (await adapter('secrets')).get(config().verificationKeySecretId);
  return new Map(parseVerificationKeySet(text).map((jwk) => [jwk.kid as string, importJWK(jwk, SIGNING_ALG) as Promise<CryptoKey>]));
}

const load = (force: boolean): Promise<KeysByKid> => cache.get(config().verificationKeySecretId, readKeys, force);

/** Loads the public keys (cached); a failure to load them is the caller's 500, never a refused token. */
export async function loadVerificationKeys(): Promise<void> {
  await load(false);
}

/** The public key of `kid`: from the cache, else after one reload (rate-limited); throws 'unknown kid'. */
export async function verificationKeyFor(kid: string | undefined): Promise<CryptoKey> {
  if (kid === undefined) throw new Error('unknown kid');
  const known = (await load(false)).get(kid);
  if (known) return known;
  const now = Date.now();
  if (now - lastUnknownKidReload < UNKNOWN_KID_RELOAD_MS) throw new Error('unknown kid');
  lastUnknownKidReload = now;
  const reloaded = (await load(true)).get(kid);
  if (!reloaded) throw new Error('unknown kid');
  return reloaded;
}

/** For tests and the local runner that replace the secret. */
export const resetVerificationKeys = (): void => {
  cache.clear();
  lastUnknownKidReload = 0;
};

// The RS256 key set that signs the service's JWTs. It lives in one secret
// (config().signingKeySecretId) as JSON `{ "keys": [<private JWK>, ...] }`: the first key is
// the current one and signs; the others stay valid for verification during a rotation.
// Loaded through the secrets adapter and cached in the container for a few minutes.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { adapter } from '#shared/adapters/index';
import { expiringCache } from '#shared/cache';
import { config } from '#shared/config';

export const SIGNING_ALG = 'RS256';
const TTL_MS = 5 * 60_000;

export interface SigningKey {
  kid: string;
  /** The private JWK as stored. */
  jwk: JWK;
  privateKey: CryptoKey;
}

export interface SigningKeys {
  /** The key that signs new tokens. */
  current: SigningKey;
  /** Every key still accepted, the current one first. */
  all: SigningKey[];
}

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const;

/** The public half of a JWK (what a JWKS document may show). */
export function publicJwk(jwk: JWK): JWK {
  const out: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete (out as Record<string, unknown>)[member];
  return out;
}

/** A key as a JWKS publishes it: its public half, with its kid, the pinned alg and `use: sig`. */
export const publishedJwk = (jwk: JWK): JWK => ({ ...publicJwk(jwk), kid: jwk.kid, alg: SIGNING_ALG, use: 'sig' });

/** A new RS256 signing key as a private JWK with `kid` (its RFC 7638 thumbprint), `alg` and `use`. */
export async function generateSigningKeyJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { ...jwk, kid, alg: SIGNING_ALG, use: 'sig' };
}

/** The `keys` list of a key-set secret's JSON; throws (naming the secret) when it is not JSON or the list is empty. */
export function keyListOf(text: string, secret: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${secret} secret is not valid JSON`);
  }
  const keys = (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${secret} secret holds no keys`);
  return keys;
}

/** Parses the secret's JSON; throws on anything but a non-empty list of RS256 private keys with a kid. */
export function parseSigningKeySet(text: string): JWK[] {
  return keyListOf(text, 'signing key').map((key, i) => {
    const jwk = key as JWK;
    if (jwk?.kty !== 'RSA' || typeof jwk.d !== 'string' || typeof jwk.kid !== 'string' || !jwk.kid) {
      throw new Error(`signing key ${i} is not an RSA private JWK with a kid`);
    }
    if (jwk.alg !== undefined && jwk.alg !== SIGNING_ALG) throw new Error(`signing key ${jwk.kid} is not ${SIGNING_ALG}`);
    return jwk;
  });
}

const cache = expiringCache<SigningKeys>(TTL_MS);

async function readKeys(): Promise<SigningKeys> {
  const text = await (await adapter('secrets')).get(config().signingKeySecretId);
  const all = await Promise.all(
    parseSigningKeySet(text).map(async (jwk) => ({
      kid: jwk.kid as string,
      jwk,
      privateKey: (await importJWK({ ...jwk, alg: SIGNING_ALG }, SIGNING_ALG)) as CryptoKey,
    })),
  );
  return { current: all[0] as SigningKey, all };
}

/** The key set, cached for five minutes (a rotation is picked up within that time). */
export const loadSigningKeys = (): Promise<SigningKeys> => cache.get(config().signingKeySecretId, readKeys);

/** The JWKS document of the public keys (every key still accepted). */
export async function publicJwks(): Promise<JSONWebKeySet> {
  const { all } = await loadSigningKeys();
  return { keys: all.map((k) => publishedJwk(k.jwk)) };
}

/** For tests and the local runner that replace the secret. */
export const resetSigningKeys = (): void => cache.clear();

// The RS256 key set that signs the service's JWTs. It lives in one secret
// (config().signingKeySecretId) as JSON `{ "keys": [<private JWK>, ...], "signsFrom": { "<kid>": "<ISO time>" } }`.
// A key signs from its `signsFrom` time on (a key without one, from always); of the keys whose time has
// come, the latest to start signs (on a tie, the first listed), so a rotation publishes a key some time
// before it signs (shared/auth/key-rotation.ts, docs/decisions.md). Every key of the set verifies.
// Loaded through the secrets adapter and cached in the container for a few minutes.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import { adapter } from '#shared/adapters/index';
import { expiringCache } from '#shared/cache';
import { config } from '#shared/config';

export const SIGNING_ALG = 'RS256';
/** How long a container keeps a key set it read (this one and the verifiers', shared/auth/verification-keys.ts). */
export const KEY_SET_CACHE_MS = 5 * 60_000;
/** How long resource servers and agents may cache /.well-known/jwks.json (its Cache-Control max-age). */
export const JWKS_MAX_AGE_SECONDS = 300;

export interface SigningKey {
  kid: string;
  /** The private JWK as stored. */
  jwk: JWK;
  privateKey: CryptoKey;
  /** Epoch ms from which the key may sign; -Infinity when the set gives it no time. */
  signsFrom: number;
}

export interface SigningKeys {
  /** Every key of the set, in its order: all verify, the one signingKeyAt picks signs. */
  all: SigningKey[];
}

/** What the signing-key secret holds. */
export interface SigningKeySecret {
  keys: JWK[];
  /** When each key (by kid) starts signing, ISO 8601; a key not named here signs from always. */
  signsFrom?: Record<string, string>;
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

/** Parses the secret's JSON; throws on anything but a non-empty list of RS256 private keys with a kid, and on a bad `signsFrom`. */
export function parseSigningKeySecret(text: string): SigningKeySecret {
  const keys = keyListOf(text, 'signing key').map((key, i) => {
    const jwk = key as JWK;
    if (jwk?.kty !== 'RSA' || typeof jwk.d !== 'string' || typeof jwk.kid !== 'string' || !jwk.kid) {
      throw new Error(`signing key ${i} is not an RSA private JWK with a kid`);
    }
    if (jwk.alg !== undefined && jwk.alg !== SIGNING_ALG) throw new Error(`signing key ${jwk.kid} is not ${SIGNING_ALG}`);
    return jwk;
  });
  const signsFrom = (JSON.parse(text) as { signsFrom?: unknown }).signsFrom;
  if (signsFrom === undefined) return { keys };
  if (!signsFrom || typeof signsFrom !== 'object' || Array.isArray(signsFrom)) throw new Error('signing key signsFrom is not an object');
  for (const [kid, at] of Object.entries(signsFrom)) {
    if (!keys.some((k) => k.kid === kid)) throw new Error(`signing key signsFrom names ${kid}, which is not in the set`);
    if (typeof at !== 'string' || Number.isNaN(Date.parse(at))) throw new Error(`signing key ${kid}: signsFrom is not an ISO time`);
  }
  return { keys, signsFrom: signsFrom as Record<string, string> };
}

/** The private keys of the secret's JSON (parseSigningKeySecret's `keys`). */
export const parseSigningKeySet = (text: string): JWK[] => parseSigningKeySecret(text).keys;

/** The key that signs at `now`: of those whose signsFrom has come, the latest to start; on a tie the first listed. */
export function signingKeyAt<K extends { signsFrom: number }>(keys: readonly K[], now: Date): K {
  let chosen: K | undefined;
  for (const key of keys) if (key.signsFrom <= now.getTime() && (!chosen || key.signsFrom > chosen.signsFrom)) chosen = key;
  if (!chosen) throw new Error('signing key set: no key may sign yet (every signsFrom is in the future)');
  return chosen;
}

const cache = expiringCache<SigningKeys>(KEY_SET_CACHE_MS);

async function readKeys(): Promise<SigningKeys> {
  const { keys, signsFrom = {} } = parseSigningKeySecret(await (await adapter('secrets')).get(config().signingKeySecretId));
  const all = await Promise.all(
    keys.map(async (jwk) => ({
      kid: jwk.kid as string,
      jwk,
      privateKey: (await importJWK({ ...jwk, alg: SIGNING_ALG }, SIGNING_ALG)) as CryptoKey,
      signsFrom: signsFrom[jwk.kid as string] === undefined ? -Infinity : Date.parse(signsFrom[jwk.kid as string] as string),
    })),
  );
  return { all };
}

/** The key set, cached for five minutes. */
export const loadSigningKeys = (): Promise<SigningKeys> => cache.get(config().signingKeySecretId, readKeys);

/** The key that signs now (the time is read at each call: a cached set switches keys on time). */
export const currentSigningKey = async (): Promise<SigningKey> => signingKeyAt((await loadSigningKeys()).all, new Date());

/** The JWKS document of the public keys: every key of the set, one that does not sign yet included. */
export async function publicJwks(): Promise<JSONWebKeySet> {
  const { all } = await loadSigningKeys();
  return { keys: all.map((k) => publishedJwk(k.jwk)) };
}

/** For tests and the local runner that replace the secret. */
export const resetSigningKeys = (): void => cache.clear();

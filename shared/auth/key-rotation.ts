// Rotating the RS256 signing key so that no token is ever refused in AWS. Every reader of the key sets
// may answer from a copy: the Parameters and Secrets extension keeps a secret 5 minutes
// (SECRETS_EXTENSION_TTL_SECONDS), the container keeps the set it parsed 5 more (KEY_SET_CACHE_MS, its
// reload for an unknown kid goes through the extension too), and a resource server may keep
// /.well-known/jwks.json for its max-age (JWKS_MAX_AGE_SECONDS). A key that signed as soon as it was
// published would meet verifiers that do not know it yet: its tokens refused (401 invalid_token), and API
// Gateway keeps that answer for the authorizer's TTL. So a new key is published with a `signsFrom` time
// beyond all of those copies, and the signers switch to it by themselves when that time comes
// (signingKeyAt). The key it replaces is removed by a later rotation, once no token it signed is alive.
// Operators run infra/scripts/rotate-signing-key.ts; nothing a Lambda bundles imports this file.
import type { JWK } from 'jose';
import { SECRETS_EXTENSION_TTL_SECONDS } from '#shared/adapters/aws/secrets-extension';
import { JWKS_MAX_AGE_SECONDS, KEY_SET_CACHE_MS, signingKeyAt, type SigningKeySecret } from '#shared/auth/signing-keys';
import { ACCESS_TOKEN_TTL_SECONDS } from '#shared/auth/tokens';
import { PORTAL_TOKEN_TTL_SECONDS } from '#shared/domain/login';

/** Clocks of Lambda containers and operators' machines may differ a little. */
export const CLOCK_MARGIN_MS = 60_000;

/**
 * From publication to the first signature: the longest any reader goes on with a copy of the sets taken
 * before the publication (extension, then the container's cache, then a resource server's JWKS cache), plus margin.
 */
export const KEY_ACTIVATION_DELAY_MS =
  SECRETS_EXTENSION_TTL_SECONDS * 1000 + KEY_SET_CACHE_MS + JWKS_MAX_AGE_SECONDS * 1000 + CLOCK_MARGIN_MS;

/** The longest a token the service signs lives (OAuth2 access tokens, portal tokens). */
export const LONGEST_TOKEN_LIFETIME_SECONDS = Math.max(ACCESS_TOKEN_TTL_SECONDS, ...Object.values(PORTAL_TOKEN_TTL_SECONDS));

export interface Rotation {
  /** The signing-key secret's next content; its public halves are the next verification set. */
  secret: SigningKeySecret;
  /** The key published now, and when it starts signing. */
  added: { kid: string; signsFrom: string };
  /** Kids removed: keys replaced long enough ago that no token they signed can be alive. */
  retired: string[];
  /** When a later rotation may remove the key that signs until `added` starts. */
  previousRetirableAt: string;
}

/** A rotation started earlier has not reached its signsFrom yet: one new key at a time. */
export class RotationUnderWay extends Error {}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The key set after publishing `newKey` at `now`: it signs from now + KEY_ACTIVATION_DELAY_MS. Keys that
 * stopped signing when the current one started are removed once every token they signed has expired:
 * the current key's signsFrom plus the longest token life (and the clock margin) lies in the past.
 */
export function rotateSigningKeySet(
  secret: SigningKeySecret,
  newKey: JWK,
  now: Date,
  longestTokenLifetimeSeconds = LONGEST_TOKEN_LIFETIME_SECONDS,
): Rotation {
  const nowMs = now.getTime();
  const keys = secret.keys.map((jwk) => {
    const at = secret.signsFrom?.[jwk.kid as string];
    return { jwk, kid: jwk.kid as string, signsFrom: at === undefined ? -Infinity : Date.parse(at) };
  });
  const pending = keys.find((k) => k.signsFrom > nowMs);
  if (pending) throw new RotationUnderWay(`key ${pending.kid} was published and signs from ${iso(pending.signsFrom)}; rotate after that`);
  const current = signingKeyAt(keys, now);
  const lifetimeMs = longestTokenLifetimeSeconds * 1000 + CLOCK_MARGIN_MS;
  const canRetire = Number.isFinite(current.signsFrom) && current.signsFrom + lifetimeMs <= nowMs;
  const kept = keys.filter((k) => k === current || !canRetire || k.signsFrom > current.signsFrom);
  const signsFrom = nowMs + KEY_ACTIVATION_DELAY_MS;
  const newKid = newKey.kid as string;
  if (keys.some((k) => k.kid === newKid)) throw new Error(`key ${newKid} is already in the set`);
  return {
    secret: {
      keys: [...kept.map((k) => k.jwk), newKey],
      signsFrom: {
        ...Object.fromEntries(kept.filter((k) => Number.isFinite(k.signsFrom)).map((k) => [k.kid, iso(k.signsFrom)])),
        [newKid]: iso(signsFrom),
      },
    },
    added: { kid: newKid, signsFrom: iso(signsFrom) },
    retired: keys.filter((k) => !kept.includes(k)).map((k) => k.kid),
    previousRetirableAt: iso(signsFrom + lifetimeMs),
  };
}

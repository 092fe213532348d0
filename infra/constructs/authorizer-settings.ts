// How API Gateway calls each scheme's Lambda authorizer: which headers identify the caller
// (a request missing one is refused with 401 before the authorizer runs, and together they
// form the cache key) and how long an answer is cached. Plain data with no CDK import, so
// the local gateway can apply the same rules.
import type { AuthorizedScheme } from '#shared/http/routes';

export interface AuthorizerSetting {
  identityHeaders: readonly string[];
  /** 0 turns API Gateway's authorizer cache off: the authorizer runs on every request. */
  cacheTtlSeconds: number;
  /** Why this TTL. */
  reason: string;
}

export const authorizerSettings: Record<AuthorizedScheme, AuthorizerSetting> = {
  apiKey: {
    identityHeaders: ['X-Api-Key', 'X-Api-Secret'],
    cacheTtlSeconds: 0,
    reason: 'A regenerated or revoked API secret must stop working at once.',
  },
  oauth2: {
    identityHeaders: ['Authorization'],
    cacheTtlSeconds: 300,
    reason:
      'A signed token stays valid until exp whatever we do; caching saves a verification per call (an allow may outlive exp by up to 5 min).',
  },
  portalJwt: {
    identityHeaders: ['Authorization'],
    cacheTtlSeconds: 300,
    reason: 'Same as oauth2: a signed portal JWT, verified offline, cached for at most 5 minutes.',
  },
  providerCredential: {
    identityHeaders: ['X-Api-Key', 'X-Api-Secret'],
    cacheTtlSeconds: 0,
    reason: 'The per-minute request limit, IP allowlist and revocation are checked on every request.',
  },
  agent: {
    identityHeaders: ['Authorization'],
    cacheTtlSeconds: 0,
    reason: 'The decision depends on the client certificate, which cannot be part of the cache key.',
  },
};

// The provider machine API's authorizer: headers X-Api-Key (`nbwp_...`) and X-Api-Secret.
// One read of the credential by key; the secret is compared by hash in constant time (against a
// dummy hash when the key is implausible or unknown, so every case costs the same; shared/auth/key-secret.ts,
// as the API key's); an inactive or revoked
// credential, or a caller outside a non-empty IP allowlist, is refused. Every refusal is the same
// answer (undefined: API Gateway's generic 401), whatever part was wrong. Then the per-minute limit,
// if the credential has one: one conditional write shared by every instance; over the limit the
// principal carries `rate_limited` and the kit answers 429 with Retry-After.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { ipAllowed } from '#shared/ip-ranges';
import type { Principal } from '#shared/auth/principal';
import { checkKeySecret } from '#shared/auth/key-secret';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';
import { KEY_PREFIX, USE_RECORD_INTERVAL_MS, isRevoked, useToRecord, type RateLimiter } from '#shared/domain/provider-credentials';
import { systemClock, type Clock } from '#shared/domain/time';
import { log } from '#shared/log';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { getProviderCredentialByKey, recordProviderCredentialUse } from '#shared/db/provider-credential-lookup';
import { dynamoRateLimiter } from '#shared/db/rate-limit';
import { withLambdaLog } from '#shared/log';

export interface ProviderCredentialAuthDeps {
  findByKey(apiKey: string): Promise<ProviderCredentialRecord | undefined>;
  rateLimiter: RateLimiter;
  /** Records the credential's last use at `at`, unless one at or after `since` is recorded. */
  recordUse(apiKey: string, at: Date, since: Date): Promise<void>;
  /** Tests pin it. */
  now?: Clock;
}

/** What the check reads of a request: its headers and the caller's address. */
export type PresentedCredential = Pick<APIGatewayRequestAuthorizerEvent, 'headers'> & {
  requestContext?: { identity?: { sourceIp?: string } };
};

export function providerCredentialAuthenticator(
  deps: ProviderCredentialAuthDeps,
): (event: PresentedCredential) => Promise<Principal | undefined> {
  const now = deps.now ?? systemClock;
  return async (event): Promise<Principal | undefined> => {
    const { key: apiKey, record: credential, secretOk } = await checkKeySecret(event.headers, (key) => deps.findByKey(key), KEY_PREFIX);
    const refusal = !credential
      ? 'unknown or implausible key'
      : !secretOk
        ? 'wrong secret'
        : !credential.ativo || isRevoked(credential)
          ? 'inactive or revoked'
          : credential.prestadorAtivo === false
            ? 'prestador inactive'
            : !ipAllowed(credential.ipAllowlist, event.requestContext?.identity?.sourceIp ?? '')
              ? 'source address not in the allowlist'
              : undefined;
    if (!credential || refusal) {
      // For operators only; the caller gets the same 401 for every reason.
      log.info('provider credential refused', { reason: refusal, credencialId: credential?.credencialId });
      return undefined;
    }

    if (credential.limitePorMinuto !== null && credential.limitePorMinuto > 0) {
      const taken = await deps.rateLimiter.consume(apiKey, credential.limitePorMinuto, now());
      if (!taken.allowed) {
        log.info('provider credential over its limit', { credencialId: credential.credencialId, limit: credential.limitePorMinuto });
        return { scopes: [], authError: 'rate_limited', retryAfter: taken.retryAfter };
      }
    }

    // The last use the portal shows, at most once a minute; failing to record it refuses nothing.
    const at = now();
    if (useToRecord(credential, at)) {
      await deps
        .recordUse(apiKey, at, new Date(at.getTime() - USE_RECORD_INTERVAL_MS))
        .catch((error: unknown) =>
          log.warn('provider credential use not recorded', { credencialId: credential.credencialId, error: String(error) }),
        );
    }

    return { aplicacaoId: credential.aplicacaoId, prestadorId: credential.prestadorId, scopes: [], subject: apiKey };
  };
}

// At most three DynamoDB requests per call (the credential read, the counter write when the credential
// has a limit, and its last use, written at most once a minute). No cache in API Gateway (authorizer-settings.ts), so revocation and the limit apply to
// every request.
export const handler = withLambdaLog(
  requestAuthorizer(
    'providerCredential',
    providerCredentialAuthenticator({
      findByKey: getProviderCredentialByKey,
      rateLimiter: dynamoRateLimiter(),
      recordUse: recordProviderCredentialUse,
    }),
  ),
);

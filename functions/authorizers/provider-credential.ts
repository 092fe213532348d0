// The provider machine API's authorizer: headers X-Api-Key (`nbwp_...`) and X-Api-Secret.
// One read of the credential by key; the secret is compared by hash in constant time (against a
// dummy hash when the key is unknown, so both cases cost the same); an inactive or revoked
// credential, or a caller outside a non-empty IP allowlist, is refused. Every refusal is the same
// answer (undefined: API Gateway's generic 401), whatever part was wrong. Then the per-minute limit,
// if the credential has one: one conditional write shared by every instance; over the limit the
// principal carries `rate_limited` and the kit answers 429 with Retry-After.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import { ipAllowed } from '#shared/ip-ranges';
import type { Principal } from '#shared/auth/principal';
import { hashSecret, secretMatches } from '#shared/auth/secrets';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';
import { KEY_PREFIX, isRevoked, type RateLimiter } from '#shared/domain/provider-credentials';
import { systemClock, type Clock } from '#shared/domain/time';
import { log } from '#shared/log';
import { headerValue } from '#shared/http/headers';
import { requestAuthorizer } from '#shared/auth/authorizer';
import { getProviderCredentialByKey } from '#shared/db/provider-credential-lookup';
import { dynamoRateLimiter } from '#shared/db/rate-limit';
import { withLambdaLog } from '#shared/log';

export interface ProviderCredentialAuthDeps {
  findByKey(apiKey: string): Promise<ProviderCredentialRecord | undefined>;
  rateLimiter: RateLimiter;
  /** Tests pin it. */
  now?: Clock;
}

// Longer values are no credential of ours; refusing them early keeps oversized keys out of DynamoDB.
const MAX_KEY_LENGTH = 128;
const MAX_SECRET_LENGTH = 256;
const DUMMY_HASH = hashSecret('no credential has this secret');

/** What the check reads of a request: its headers and the caller's address. */
export type PresentedCredential = Pick<APIGatewayRequestAuthorizerEvent, 'headers'> & {
  requestContext?: { identity?: { sourceIp?: string } };
};

export function providerCredentialAuthenticator(
  deps: ProviderCredentialAuthDeps,
): (event: PresentedCredential) => Promise<Principal | undefined> {
  const now = deps.now ?? systemClock;
  return async (event): Promise<Principal | undefined> => {
    const apiKey = headerValue(event.headers, 'x-api-key');
    const apiSecret = headerValue(event.headers, 'x-api-secret');
    if (!apiKey || !apiSecret || !apiKey.startsWith(KEY_PREFIX) || apiKey.length > MAX_KEY_LENGTH || apiSecret.length > MAX_SECRET_LENGTH) {
      return undefined;
    }

    const credential = await deps.findByKey(apiKey);
    const secretOk = secretMatches(apiSecret, credential?.secretHash ?? DUMMY_HASH);
    const refusal = !credential
      ? 'unknown key'
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

    return { aplicacaoId: credential.aplicacaoId, prestadorId: credential.prestadorId, scopes: [], subject: apiKey };
  };
}

// At most two DynamoDB requests per call (the credential read, and the counter write when the credential
// has a limit). No cache in API Gateway (authorizer-settings.ts), so revocation and the limit apply to
// every request.
export const handler = withLambdaLog(
  requestAuthorizer(
    'providerCredential',
    providerCredentialAuthenticator({ findByKey: getProviderCredentialByKey, rateLimiter: dynamoRateLimiter() }),
  ),
);

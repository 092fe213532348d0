// Authentication of an OAuth2 bearer access token (RFC 6750 2.1, RFC 9068), shared by the
// oauth2 and agent authorizers. Verification is offline (the public keys come from the
// secrets adapter, cached in the container): no table read per request.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { Principal } from '#shared/auth/principal';
import { loadVerificationKeys } from '#shared/auth/verification-keys';
import { verifyAccessToken } from '#shared/auth/tokens';
import { log } from '#shared/log';

// The one form every bearer authorizer (oauth2, portal, agent) accepts: RFC 6750 2.1's
// `"Bearer" 1*SP b64token` with exactly one space and nothing before or after, the scheme in any
// case (RFC 7235 2.1: auth-scheme is case-insensitive). WAF counts this header per value lower-cased
// with white space compressed (infra/constructs/rate-limits.ts), so every spelling accepted here is
// counted as one per token (docs/decisions.md, "One count per credential").
const BEARER = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** The token of an `Authorization` value in the accepted form; undefined for anything else. */
export const bearerTokenOf = (value: string | undefined): string | undefined => (value === undefined ? undefined : BEARER.exec(value)?.[1]);

/**
 * Every value of the request's Authorization header (names are case-insensitive), as API Gateway
 * passes them (multiValueHeaders, else headers). A caller trusts a credential only when there is one:
 * with two, WAF and the authorizer cache could each key on another one than the authorizer checks.
 */
export function authorizationValues(event: Pick<APIGatewayRequestAuthorizerEvent, 'headers' | 'multiValueHeaders'>): string[] {
  const values: string[] = [];
  for (const [name, list] of Object.entries(event.multiValueHeaders ?? {})) {
    if (name.toLowerCase() === 'authorization') values.push(...(list ?? []));
  }
  if (values.length > 0) return values;
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (name.toLowerCase() === 'authorization' && value !== undefined) values.push(value);
  }
  return values;
}

/** What the kit turns into 401 invalid_token with the RFC 6750 challenge (not a refusal: API Gateway's 401 cannot say invalid_token). */
export const invalidTokenPrincipal = (): Principal => ({ scopes: [], authError: 'invalid_token', subject: 'invalid' });

/**
 * The principal of `Authorization: Bearer <access token>`: the token's application, scopes,
 * client id and exp; or an invalid_token principal for anything else (malformed header, bad
 * signature, wrong alg/typ/iss/aud, expired, unknown kid), without saying which.
 */
export async function authenticateBearer(authorizationHeader: string | undefined): Promise<Principal> {
  const token = bearerTokenOf(authorizationHeader);
  if (token === undefined) {
    log.info('access token refused', { reason: 'not a Bearer credential' });
    return invalidTokenPrincipal();
  }
  // Outside the try: keys that cannot be loaded are our failure (a 500, never cached), not a bad token.
  await loadVerificationKeys();
  try {
    const claims = await verifyAccessToken(token);
    return {
      aplicacaoId: claims.aplicacao_id,
      scopes: claims.scope.split(' ').filter((s) => s !== ''),
      subject: claims.client_id,
      expiresAt: claims.exp,
    };
  } catch (error) {
    // jose's codes (ERR_JWT_EXPIRED, ERR_JWS_SIGNATURE_VERIFICATION_FAILED, ...) help an operator; the token itself is never logged.
    log.info('access token refused', { reason: (error as { code?: string }).code ?? (error as Error).message });
    return invalidTokenPrincipal();
  }
}

// Authentication of an OAuth2 bearer access token (RFC 6750 2.1, RFC 9068), shared by the
// oauth2 and agent authorizers. Verification is offline (the public keys come from the
// secrets adapter, cached in the container): no table read per request.
import type { Principal } from '#shared/auth/principal';
import { loadVerificationKeys } from '#shared/auth/verification-keys';
import { verifyAccessToken } from '#shared/auth/tokens';
import { log } from '#shared/log';

// RFC 6750 2.1: credentials = "Bearer" 1*SP b64token; we accept exactly one space and one token.
const BEARER = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** What the kit turns into 401 invalid_token with the RFC 6750 challenge (not a refusal: API Gateway's 401 cannot say invalid_token). */
export const invalidTokenPrincipal = (): Principal => ({ scopes: [], authError: 'invalid_token', subject: 'invalid' });

/**
 * The principal of `Authorization: Bearer <access token>`: the token's application, scopes,
 * client id and exp; or an invalid_token principal for anything else (malformed header, bad
 * signature, wrong alg/typ/iss/aud, expired, unknown kid), without saying which.
 */
export async function authenticateBearer(authorizationHeader: string | undefined): Promise<Principal> {
  const token = authorizationHeader === undefined ? undefined : BEARER.exec(authorizationHeader)?.[1];
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

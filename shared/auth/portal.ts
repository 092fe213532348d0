// Authentication of a portal JWT (admin, provider portal, physician portal, patient app):
// `Authorization: Bearer <jwt>` verified offline with the signing keys (RS256 pinned, typ JWT,
// iss, the portal audience, exp, a known role and a tenant). No table read. The route's role
// and the token's exp are enforced by the kit on every request (shared/http/access.ts), also
// when API Gateway serves this answer from its cache.
import type { APIGatewayRequestAuthorizerEvent } from 'aws-lambda';
import type { Principal } from '#shared/auth/principal';
import { authorizationValues, bearerTokenOf } from '#shared/auth/bearer';
import { loadVerificationKeys } from '#shared/auth/verification-keys';
import { verifyPortalToken } from '#shared/auth/tokens';
import { log } from '#shared/log';

/** The platform operator's admins carry this pseudo-scope: they may act on every application. */
export const PLATFORM_SCOPE = 'plataforma';

/** The principal of a valid portal token, or undefined (API Gateway's generic 401) for anything else. */
export async function authenticatePortal(
  event: Pick<APIGatewayRequestAuthorizerEvent, 'headers' | 'multiValueHeaders'>,
): Promise<Principal | undefined> {
  const values = authorizationValues(event);
  // The one accepted form of shared/auth/bearer.ts, in a single Authorization header.
  const token = values.length === 1 ? bearerTokenOf(values[0]) : undefined;
  if (!token) {
    log.info('portal token refused', { reason: values.length > 1 ? 'more than one Authorization header' : 'not a Bearer credential' });
    return undefined;
  }
  // Outside the try: keys that cannot be loaded are our failure (a 500, never cached), not a bad token.
  await loadVerificationKeys();
  try {
    const claims = await verifyPortalToken(token);
    return {
      aplicacaoId: claims.aplicacao_id,
      role: claims.role,
      subject: claims.sub,
      prestadorId: claims.prestador_id,
      pacienteId: claims.paciente_id,
      expiresAt: claims.exp,
      scopes: claims.plataforma ? [PLATFORM_SCOPE] : [],
    };
  } catch (error) {
    // jose's code (ERR_JWT_EXPIRED, ERR_JWT_CLAIM_VALIDATION_FAILED, ...) helps an operator; the token is never logged.
    log.info('portal token refused', { reason: (error as { code?: string }).code ?? (error as Error).message });
    return undefined;
  }
}

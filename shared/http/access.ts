// What the route table demands of the caller, checked on every request by the kit. Authorizers
// authenticate; this decides whether the authenticated principal may call this route. It runs
// on every request even when API Gateway served the authorizer's answer from its cache, so a
// cached allow can neither outlive a token's exp nor open another role's or scope's routes.
import type { Principal, TenantPrincipal } from '#shared/auth/principal';
import { epochSeconds } from '#shared/domain/time';
import { HttpError } from '#shared/http/errors';
import type { Route } from '#shared/http/routes';

const bearer = (params: string) => ({ 'WWW-Authenticate': `Bearer realm="whatsapp-platform", ${params}` });

const invalidToken = (message: string) => new HttpError(401, 'invalid_token', message, {}, bearer('error="invalid_token"'));

/** The principal of a route with an authorizer, once it may call the route; throws the answer otherwise. */
export function checkAccess(route: Route, principal: Principal, now = new Date()): TenantPrincipal {
  const usesBearer = route.auth === 'oauth2' || route.auth === 'agent';

  if (principal.authError === 'rate_limited') {
    throw new HttpError(
      429,
      'too_many_requests',
      'Request limit per minute exceeded',
      {},
      {
        'Retry-After': String(principal.retryAfter ?? 60),
      },
    );
  }
  if (principal.authError === 'invalid_token') throw invalidToken('The access token is invalid or expired');
  if (principal.aplicacaoId === undefined) {
    // An authorizer that allowed without a tenant: refuse rather than serve an unscoped request.
    throw usesBearer ? invalidToken('The access token is invalid') : new HttpError(401, 'unauthorized', 'Invalid credentials');
  }
  if (principal.expiresAt !== undefined && principal.expiresAt <= epochSeconds(now)) {
    throw usesBearer ? invalidToken('The access token has expired') : new HttpError(401, 'unauthorized', 'The token has expired');
  }
  // Authenticated, but another portal's user: forbidden, not unauthenticated (#10).
  if (route.role && principal.role !== route.role) {
    throw new HttpError(403, 'forbidden', 'This token is not valid for this portal');
  }
  const needed = route.scopes ?? [];
  if (needed.length > 0 && !needed.some((scope) => principal.scopes.includes(scope))) {
    throw new HttpError(
      403,
      'insufficient_scope',
      `The access token lacks the scope ${needed.join(' or ')}`,
      {},
      bearer(`error="insufficient_scope", scope="${needed.join(' ')}"`),
    );
  }
  return { ...principal, aplicacaoId: principal.aplicacaoId, authError: undefined };
}

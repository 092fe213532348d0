// The agent channel acts for one integration: the one its client certificate was issued for. The agent
// authorizer reads it from the certificate's subject (`OU=integracao:<id>`, shared/auth/agent.ts) into the
// principal; every route of the agent channel (functions/agent, functions/agent-import) acts on that integration only. Another integration, even one of the
// same application, is the same 404 as an unknown one: a certificate of integration A can neither read B's
// database credentials nor plant the SQL B's agent runs.
import type { TenantPrincipal } from '#shared/auth/principal';
import { notFound } from '#shared/domain/errors';

/** The certificate's integration; 404 when the request names another one (or the principal names none). */
export function certificateIntegration(principal: TenantPrincipal, requested?: number): number {
  const own = principal.integracaoId;
  if (own === undefined || (requested !== undefined && requested !== own)) throw notFound('integration');
  return own;
}

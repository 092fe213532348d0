// Whether the credentials of a previous sandbox.json still work, asked the way production asks: the API key
// authorizer's check, the token endpoint's client-credentials grant and the provider credential authorizer's
// check. The seed reuses a credential only then (infra/local/seed.ts), so the file never shows one a call
// would be refused with.
import { authenticateApiKey } from '#functions/authorizers/api-key';
import { providerCredentialAuthenticator, type PresentedCredential } from '#functions/authorizers/provider-credential';
import { clientCredentialsGrant, OAuthError, type OAuthClientStore } from '#shared/auth/oauth2';
import { getProviderCredentialByKey } from '#shared/db/provider-credential-lookup';
import type { ApplicationRepository } from '#shared/domain/applications/repository';

/** What the API key and provider credential authorizers read of a request: the two headers and the caller's address. */
function presented(apiKey: string, apiSecret: string): PresentedCredential {
  const headers = { 'x-api-key': apiKey, 'x-api-secret': apiSecret };
  // The sandbox is called from this machine, so an allowlist is asked about the loopback address.
  return { headers, requestContext: { identity: { sourceIp: '127.0.0.1' } } };
}

/** Whether the pair opens the external API as this application (an inactive application's is refused). */
export async function apiKeyWorks(aplicacaoId: number, apiKey: string, apiSecret: string): Promise<boolean> {
  const principal = await authenticateApiKey(presented(apiKey, apiSecret));
  return principal?.aplicacaoId === aplicacaoId;
}

/**
 * Whether the token endpoint still issues this client a token with exactly `scopes` (a revoked client, a
 * wrong secret or an inactive application is refused). Another application's client is not looked up.
 */
export async function oauthClientWorks(
  repo: Pick<ApplicationRepository, 'getOAuthClient' | 'getApplication'>,
  aplicacaoId: number,
  client: { clientId: string; clientSecret: string },
  scopes: readonly string[],
): Promise<boolean> {
  const ownClients: OAuthClientStore = {
    getOAuthClient: async (clientId) => {
      const record = await repo.getOAuthClient(clientId);
      return record?.aplicacaoId === aplicacaoId ? record : undefined;
    },
    getApplication: (id) => repo.getApplication(id),
  };
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
  try {
    // No scope asked: the token carries every scope of the client.
    const granted = await clientCredentialsGrant(ownClients, { form, authorization: undefined });
    return [...granted.scope.split(' ')].sort().join(' ') === [...scopes].sort().join(' ');
  } catch (error) {
    if (error instanceof OAuthError) return false;
    throw error;
  }
}

// The seed's question is no request: it takes nothing of a credential's per-minute limit, and is no use of it.
const authenticateProviderCredential = providerCredentialAuthenticator({
  findByKey: getProviderCredentialByKey,
  rateLimiter: { consume: async () => ({ allowed: true }) },
  recordUse: async () => undefined,
});

/** Whether the `nbwp_` credential opens the provider API as this application's prestador (active, not revoked, its prestador active). */
export async function providerCredentialWorks(
  scope: { aplicacaoId: number; prestadorId: number },
  apiKey: string,
  apiSecret: string,
): Promise<boolean> {
  const principal = await authenticateProviderCredential(presented(apiKey, apiSecret));
  return principal?.aplicacaoId === scope.aplicacaoId && principal.prestadorId === scope.prestadorId && !principal.authError;
}

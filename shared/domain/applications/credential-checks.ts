// Tenants: whether presented credentials are the ones an application already has (the sandbox reuses
// credentials only then).
import { secretMatches } from '#shared/auth/secrets';
import type { ApplicationRepository } from '#shared/domain/applications/repository';

/** Whether a presented API key and secret belong to `aplicacaoId` (the sandbox reuses credentials only then). */
export async function apiKeyMatches(repo: ApplicationRepository, aplicacaoId: number, apiKey: string, apiSecret: string): Promise<boolean> {
  const record = await repo.getApiKey(apiKey);
  return !!record && record.aplicacaoId === aplicacaoId && secretMatches(apiSecret, record.secretHash);
}

export async function oauthClientMatches(
  repo: ApplicationRepository,
  aplicacaoId: number,
  clientId: string,
  clientSecret: string,
  scopes: readonly string[],
): Promise<boolean> {
  const record = await repo.getOAuthClient(clientId);
  return (
    !!record &&
    record.aplicacaoId === aplicacaoId &&
    secretMatches(clientSecret, record.secretHash) &&
    [...record.scopes].sort().join(' ') === [...scopes].sort().join(' ')
  );
}

export async function providerCredentialMatches(
  repo: ApplicationRepository,
  aplicacaoId: number,
  prestadorId: number,
  apiKey: string,
  apiSecret: string,
): Promise<boolean> {
  const record = await repo.getProviderCredential(apiKey);
  return (
    !!record &&
    record.aplicacaoId === aplicacaoId &&
    record.prestadorId === prestadorId &&
    record.ativo &&
    record.revogadoEm === null &&
    secretMatches(apiSecret, record.secretHash)
  );
}

// Tenants: their API key pair, OAuth clients, prestadores, portal users and inbound subscriptions. The
// application itself is created by the admin API's createApplication (shared/domain/admin-applications.ts),
// a provider's nbwp_ credential by the provider portal's (shared/domain/provider-credentials.ts). Secrets
// that are only verified (API secrets, OAuth client secrets) are returned once, here, and stored only as
// hashes; secrets that sign or verify HMACs are stored retrievably (secrets.ts).
import { hashSecret, randomSecret } from '#shared/auth/secrets';
import { invalid } from '#shared/domain/errors';
import type { Scope } from '#shared/domain/permissions';
import { validScopes } from '#shared/domain/applications/inputs';
import type { InboundSubscription, PortalUser, PortalUserLogin, Prestador } from '#shared/domain/applications/records';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { WebhookSecretStore } from '#shared/domain/applications/secrets';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A new API key and secret for the external API, issued at `now`; the secret is returned only here. */
export async function issueApiKey(
  repo: Pick<ApplicationRepository, 'putApiKey'>,
  aplicacaoId: number,
  now: Date,
): Promise<{ apiKey: string; apiSecret: string }> {
  const apiKey = randomSecret(18, 'ak_');
  const apiSecret = randomSecret(32);
  await repo.putApiKey({ apiKey, aplicacaoId, secretHash: hashSecret(apiSecret), criadoEm: now.toISOString() });
  return { apiKey, apiSecret };
}

/** A new OAuth2 client with the scopes it may ask for, registered at `now`; the secret is returned only here. */
export async function registerOAuthClient(
  repo: Pick<ApplicationRepository, 'putOAuthClient'>,
  aplicacaoId: number,
  input: { nome: string; scopes: readonly string[] },
  now: Date,
): Promise<{ clientId: string; clientSecret: string; scopes: Scope[] }> {
  const scopes = validScopes(input.scopes);
  const clientId = randomSecret(18, 'cl_');
  const clientSecret = randomSecret(32);
  await repo.putOAuthClient({
    clientId,
    aplicacaoId,
    secretHash: hashSecret(clientSecret),
    scopes,
    nome: input.nome,
    criadoEm: now.toISOString(),
  });
  return { clientId, clientSecret, scopes };
}

export async function registerPrestador(
  repo: ApplicationRepository,
  aplicacaoId: number,
  input: { nome: string; email?: string },
  now: Date,
): Promise<Prestador> {
  if (!input.nome?.trim()) throw invalid('nome is required', 'nome');
  const prestador: Prestador = {
    id: await repo.newId(),
    aplicacaoId,
    nome: input.nome.trim(),
    email: input.email,
    ativo: true,
    criadoEm: now.toISOString(),
  };
  await repo.putPrestador(prestador);
  return prestador;
}

export async function registerPortalUser(
  repo: ApplicationRepository,
  input: Omit<PortalUser, 'id' | 'criadoEm'>,
  now: Date,
  login?: PortalUserLogin,
): Promise<PortalUser> {
  const email = input.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw invalid('email is not valid', 'email');
  if (input.role === 'prestador' && input.prestadorId === undefined) throw invalid('a prestador user needs its prestadorId', 'prestadorId');
  const user: PortalUser = {
    id: await repo.newId(),
    aplicacaoId: input.aplicacaoId,
    role: input.role,
    email,
    nome: input.nome,
    prestadorId: input.prestadorId,
    telefone: input.telefone,
    plataforma: input.plataforma || undefined,
    criadoEm: now.toISOString(),
  };
  await repo.putPortalUser(user, login);
  return user;
}

/**
 * A new subscription to the generic inbound webhook. With a secret (the default) its key is drawn here, kept in the
 * secret store first, and answered only here (`segredo`); the item keeps where it is.
 */
export async function createInboundSubscription(
  repo: Pick<ApplicationRepository, 'newId' | 'putInboundSubscription'>,
  secrets: WebhookSecretStore,
  aplicacaoId: number,
  now: Date,
  input: { descricao?: string; comSegredo?: boolean } = {},
): Promise<{ subscription: InboundSubscription; segredo: string | null }> {
  const id = await repo.newId();
  const segredo = input.comSegredo === false ? null : randomSecret(32);
  const subscription: InboundSubscription = {
    id,
    aplicacaoId,
    ...(segredo ? { secret: await secrets.store(aplicacaoId, id, segredo) } : {}),
    ativo: true,
    criadoEm: now.toISOString(),
    ...(input.descricao ? { descricao: input.descricao } : {}),
  };
  await repo.putInboundSubscription(subscription);
  return { subscription, segredo };
}

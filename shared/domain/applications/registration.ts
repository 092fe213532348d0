// Tenants: creating applications and issuing their credentials. Secrets that are only verified (API
// secrets, OAuth client secrets, nbwp_ secrets) are returned once, here, and stored only as hashes;
// secrets that sign or verify HMACs are stored retrievably (secrets.ts).
import { hashSecret, randomSecret } from '#shared/auth/secrets';
import { invalid, notFound } from '#shared/domain/errors';
import type { PortalRole, Scope } from '#shared/domain/permissions';
import { money, SLUG, validScopes, withProviderANumber } from '#shared/domain/applications/inputs';
import {
  providers,
  type Application,
  type InboundSubscription,
  type PortalUser,
  type PortalUserLogin,
  type Prestador,
  type Provider,
} from '#shared/domain/applications/records';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import {
  sealSecrets,
  type ProviderAConnection,
  type ProviderBConnection,
  type ProviderSecretStore,
  type WebhookSecretStore,
} from '#shared/domain/applications/secrets';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const now = () => new Date().toISOString();

export interface NewApplication {
  nome: string;
  slug: string;
  provider: Provider;
  providerA?: ProviderAConnection;
  providerB?: ProviderBConnection;
  /** Opening balance, decimal string; default "0.00". */
  saldo?: string;
}

/** A new application; its provider secrets go to `secrets` first, the item keeps where they are. */
export async function registerApplication(
  repo: ApplicationRepository,
  secrets: ProviderSecretStore,
  input: NewApplication,
): Promise<Application> {
  if (!input.nome?.trim()) throw invalid('nome is required', 'nome');
  if (!SLUG.test(input.slug)) throw invalid('slug must be lower-case letters, digits and hyphens', 'slug');
  if (!providers.includes(input.provider)) throw invalid(`provider must be one of ${providers.join(', ')}`, 'provider');
  if (input.provider === 'provider_a' && !input.providerA) throw invalid('provider_a needs its settings', 'providerA');
  if (input.provider === 'provider_b' && !input.providerB) throw invalid('provider_b needs its settings', 'providerB');
  const criadoEm = now();
  const id = await repo.newId();
  const application: Application = {
    id,
    nome: input.nome.trim(),
    slug: input.slug,
    provider: input.provider,
    providerA: input.providerA && (await sealSecrets(secrets, id, 'providerA', input.providerA)),
    providerB: input.providerB && (await sealSecrets(secrets, id, 'providerB', input.providerB)),
    ativo: true,
    criadoEm,
    numerosWhatsapp: withProviderANumber([], input.providerA),
  };
  await repo.createApplication(application, {
    aplicacaoId: application.id,
    saldo: money(input.saldo ?? '0.00'),
    moeda: 'BRL',
    atualizadoEm: criadoEm,
  });
  return application;
}

/** A new API key and secret for the external API; the secret is returned only here. */
export async function issueApiKey(
  repo: Pick<ApplicationRepository, 'putApiKey'>,
  aplicacaoId: number,
): Promise<{ apiKey: string; apiSecret: string }> {
  const apiKey = randomSecret(18, 'ak_');
  const apiSecret = randomSecret(32);
  await repo.putApiKey({ apiKey, aplicacaoId, secretHash: hashSecret(apiSecret), criadoEm: now() });
  return { apiKey, apiSecret };
}

/** A new OAuth2 client with the scopes it may ask for; the secret is returned only here. */
export async function registerOAuthClient(
  repo: Pick<ApplicationRepository, 'putOAuthClient'>,
  aplicacaoId: number,
  input: { nome: string; scopes: readonly string[] },
): Promise<{ clientId: string; clientSecret: string; scopes: Scope[] }> {
  const scopes = validScopes(input.scopes);
  const clientId = randomSecret(18, 'cl_');
  const clientSecret = randomSecret(32);
  await repo.putOAuthClient({ clientId, aplicacaoId, secretHash: hashSecret(clientSecret), scopes, nome: input.nome, criadoEm: now() });
  return { clientId, clientSecret, scopes };
}

export async function registerPrestador(
  repo: ApplicationRepository,
  aplicacaoId: number,
  input: { nome: string; email?: string },
): Promise<Prestador> {
  if (!input.nome?.trim()) throw invalid('nome is required', 'nome');
  const prestador: Prestador = {
    id: await repo.newId(),
    aplicacaoId,
    nome: input.nome.trim(),
    email: input.email,
    ativo: true,
    criadoEm: now(),
  };
  await repo.putPrestador(prestador);
  return prestador;
}

/** A new `nbwp_` machine credential of a provider; the secret is returned only here. */
export async function issueProviderCredential(
  repo: ApplicationRepository,
  input: { aplicacaoId: number; prestadorId: number; nome: string; ipAllowlist?: string[]; limitePorMinuto?: number | null },
): Promise<{ credencialId: number; apiKey: string; apiSecret: string }> {
  const prestador = await repo.getPrestador(input.aplicacaoId, input.prestadorId);
  if (!prestador) throw notFound('prestador');
  const limite = input.limitePorMinuto ?? null;
  if (limite !== null && (!Number.isInteger(limite) || limite <= 0))
    throw invalid('limitePorMinuto must be a positive integer', 'limitePorMinuto');
  const credencialId = await repo.newId();
  const apiKey = randomSecret(18, 'nbwp_');
  const apiSecret = randomSecret(32);
  await repo.putProviderCredential({
    credencialId,
    apiKey,
    aplicacaoId: input.aplicacaoId,
    prestadorId: input.prestadorId,
    secretHash: hashSecret(apiSecret),
    nome: input.nome,
    ativo: true,
    ipAllowlist: input.ipAllowlist ?? [],
    limitePorMinuto: limite,
    revogadoEm: null,
    criadoEm: now(),
  });
  return { credencialId, apiKey, apiSecret };
}

export async function registerPortalUser(
  repo: ApplicationRepository,
  input: {
    aplicacaoId: number;
    role: PortalRole;
    email: string;
    nome: string;
    prestadorId?: number;
    telefone?: string;
    plataforma?: boolean;
  },
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
    criadoEm: now(),
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
  input: { descricao?: string; comSegredo?: boolean } = {},
): Promise<{ subscription: InboundSubscription; segredo: string | null }> {
  const id = await repo.newId();
  const segredo = input.comSegredo === false ? null : randomSecret(32);
  const subscription: InboundSubscription = {
    id,
    aplicacaoId,
    ...(segredo ? { secret: await secrets.store(aplicacaoId, id, segredo) } : {}),
    ativo: true,
    criadoEm: now(),
    ...(input.descricao ? { descricao: input.descricao } : {}),
  };
  await repo.putInboundSubscription(subscription);
  return { subscription, segredo };
}

// Tenants (applications) and their credentials. Pure domain code: the repository interface
// below is implemented for DynamoDB in shared/db/applications.ts. Secrets that are only
// verified (API secrets, OAuth client secrets, nbwp_ secrets) are returned once, here, and
// stored only as hashes; secrets that sign or verify HMACs are stored retrievably.
import type { FlowSettings } from '#shared/domain/appointment-flow';
import { hashSecret, randomSecret, secretMatches } from '#shared/auth/secrets';
import { DomainError, invalid } from '#shared/domain/errors';
import { fromCents, toCents } from '#shared/domain/money';
import { normalizePhone } from '#shared/domain/phone';
import { scopes as knownScopes, type PortalRole, type Scope } from '#shared/domain/permissions';

export const providers = ['provider_a', 'provider_b', 'link'] as const;
export type Provider = (typeof providers)[number];

/**
 * Where the application item keeps a provider secret: the version of its secret in the secret store
 * (shared/providers/secrets.ts reads exactly that version) and a hint for the admin panel. The item
 * never holds the value, so nothing that reads the table (the API key authorizer, every group) can.
 */
export interface SecretRef {
  versao: string;
  /** `****` and the last four characters (none for a short secret). */
  mascara: string;
}

/** A secret on an item written before they moved to the secret store holds its clear value until it is moved (moveProviderSecrets). */
export type StoredSecret = SecretRef | string;

/** The fields of each settings block that are secrets: kept in the secret store, one secret each. */
export const providerSecretFields = { providerA: ['authToken'], providerB: ['accessToken', 'appSecret', 'verifyToken'] } as const;
export type ProviderBlock = keyof typeof providerSecretFields;
type SecretField = (typeof providerSecretFields)[ProviderBlock][number];
export type ProviderSecretName = { [B in ProviderBlock]: `${B}.${(typeof providerSecretFields)[B][number]}` }[ProviderBlock];

/** Settings as stored: each secret replaced by where it is kept. */
export type Sealed<T> = { [K in keyof T]: K extends SecretField ? StoredSecret : T[K] };

/** provider_a's settings with its secret in clear: what the admin panel is given and what calls provider_a. */
export interface ProviderAConnection {
  accountSid: string;
  /** Signs provider_a's webhook signatures (HMAC-SHA1) and authenticates our calls. */
  authToken: string;
  fromNumber: string;
  baseUrl: string;
}

export interface ProviderBConnection {
  phoneNumberId: string;
  accessToken: string;
  /** Keys provider_b's X-Hub-Signature-256 (HMAC-SHA256). */
  appSecret: string;
  /** Compared with hub.verify_token in the webhook handshake. */
  verifyToken: string;
  baseUrl: string;
  wabaId?: string;
}

export type ProviderASettings = Sealed<ProviderAConnection>;
export type ProviderBSettings = Sealed<ProviderBConnection>;

/**
 * Keeps one webhook's secret in the secret store and answers where (shared/operations/webhook-secrets.ts): an
 * outbound webhook's signing key, an inbound subscription's HMAC key. One secret per webhook, by its id.
 */
export interface WebhookSecretStore {
  store(aplicacaoId: number, id: number, value: string): Promise<SecretRef>;
}

/** Keeps a provider secret in the secret store (shared/providers/secrets.ts) and answers where. */
export interface ProviderSecretStore {
  store(aplicacaoId: number, name: ProviderSecretName, value: string): Promise<SecretRef>;
}

/** The settings with every secret given in clear stored, and replaced by its reference; references are kept. */
export async function sealSecrets<T extends object>(
  store: ProviderSecretStore,
  aplicacaoId: number,
  block: ProviderBlock,
  settings: T,
): Promise<Sealed<T>> {
  const sealed: Record<string, unknown> = { ...(settings as Record<string, unknown>) };
  for (const field of providerSecretFields[block]) {
    const value = sealed[field];
    if (typeof value === 'string') sealed[field] = await store.store(aplicacaoId, `${block}.${field}` as ProviderSecretName, value);
  }
  return sealed as Sealed<T>;
}

/** Enough to recognise a secret, not to use it. */
export const maskSecret = (value: string): string => (value.length > 8 ? `****${value.slice(-4)}` : '****');

export interface Application {
  id: number;
  nome: string;
  slug: string;
  provider: Provider;
  providerA?: ProviderASettings;
  providerB?: ProviderBSettings;
  ativo: boolean;
  criadoEm: string;
  /** The application's one current API key (the public half); set when a key is issued. */
  apiKey?: string;
  /**
   * Its WhatsApp numbers (E.164), each unique on the platform (pattern 27): inbound messages find their
   * application by the number they were sent to. provider_a's fromNumber is always one of them; the
   * first is the sending number of the other providers. Absent on items from before numbers.
   */
  numerosWhatsapp?: string[];
  /** The appointment flow's own timings and reply words (docs/appointment-flow.md); absent fields take the defaults. */
  fluxoAgendamentos?: Partial<FlowSettings>;
}

export interface Balance {
  aplicacaoId: number;
  /** Exact decimal string with two places, for example "100.00". */
  saldo: string;
  moeda: 'BRL';
  atualizadoEm: string;
}

export interface ApiKeyRecord {
  apiKey: string;
  aplicacaoId: number;
  secretHash: string;
  criadoEm: string;
}

export interface OAuthClientRecord {
  clientId: string;
  aplicacaoId: number;
  secretHash: string;
  scopes: Scope[];
  nome: string;
  criadoEm: string;
  /** Set when the client was revoked: the token endpoint refuses it from then on (kept for the record). */
  revogadoEm?: string | null;
}

export interface Prestador {
  id: number;
  aplicacaoId: number;
  nome: string;
  email?: string;
  ativo: boolean;
  criadoEm: string;
}

export interface ProviderCredentialRecord {
  credencialId: number;
  /** The public key, `nbwp_...`. */
  apiKey: string;
  aplicacaoId: number;
  prestadorId: number;
  secretHash: string;
  nome: string;
  ativo: boolean;
  ipAllowlist: string[];
  /** Requests per minute; null when unlimited. */
  limitePorMinuto: number | null;
  revogadoEm: string | null;
  criadoEm: string;
  /** Its prestador's state, kept on the credential by the move that changes it (absent: active). */
  prestadorAtivo?: boolean;
}

export interface PortalUser {
  id: number;
  aplicacaoId: number;
  role: PortalRole;
  email: string;
  nome: string;
  /** The provider a `prestador` user acts for. */
  prestadorId?: number;
  /** A `paciente` user's phone (E.164): the one-time login codes go there. Unique per application. */
  telefone?: string;
  /** An admin of the platform operator: manages every application (`plataforma` claim of its tokens). */
  plataforma?: boolean;
  criadoEm: string;
}

/** What a user logs in with, stored on its e-mail lookup item; never part of PortalUser. */
export interface PortalUserLogin {
  /** scrypt hash (shared/auth/passwords.ts); absent for users who cannot log in with a password. */
  senhaHash?: string;
}

export interface InboundSubscription {
  id: number;
  aplicacaoId: number;
  /**
   * Where the key that verifies X-Service-Signature (HMAC-SHA256) is kept (WebhookSecretStore; a clear string on
   * an item from before, until moveWebhookSecrets); absent for a subscription that asks for no signature.
   */
  secret?: StoredSecret;
  ativo: boolean;
  criadoEm: string;
  descricao?: string;
  desativadoEm?: string;
}

/** Persistence of applications and their credentials. Writes that must be unique fail with a `conflict` DomainError. */
export interface ApplicationRepository {
  newId(): Promise<number>;
  /** Creates the application, reserves its slug and opens its balance, all or nothing. */
  /**
   * Application, slug reservation, opening balance and (when given) its first API key, all or
   * nothing (conflict when the slug is taken).
   */
  createApplication(application: Application, balance: Balance, apiKey?: ApiKeyRecord): Promise<void>;
  getApplication(id: number): Promise<Application | undefined>;
  findApplicationBySlug(slug: string): Promise<Application | undefined>;
  listApplications(): Promise<Application[]>;
  getBalance(aplicacaoId: number): Promise<Balance | undefined>;

  /** Makes this the application's API key: the previous pair stops working at once. */
  putApiKey(record: ApiKeyRecord): Promise<void>;
  getApiKey(apiKey: string): Promise<ApiKeyRecord | undefined>;

  putOAuthClient(record: OAuthClientRecord): Promise<void>;
  getOAuthClient(clientId: string): Promise<OAuthClientRecord | undefined>;
  listOAuthClients(aplicacaoId: number): Promise<OAuthClientRecord[]>;

  putPrestador(prestador: Prestador): Promise<void>;
  getPrestador(aplicacaoId: number, id: number): Promise<Prestador | undefined>;
  listPrestadores(aplicacaoId: number): Promise<Prestador[]>;

  putProviderCredential(record: ProviderCredentialRecord): Promise<void>;
  getProviderCredential(apiKey: string): Promise<ProviderCredentialRecord | undefined>;
  listProviderCredentials(aplicacaoId: number, prestadorId: number): Promise<ProviderCredentialRecord[]>;

  /** Creates the user and reserves its e-mail (and a paciente's phone), all or nothing. */
  putPortalUser(user: PortalUser, login?: PortalUserLogin): Promise<void>;
  getPortalUser(aplicacaoId: number, id: number): Promise<PortalUser | undefined>;
  findPortalUserByEmail(email: string): Promise<PortalUser | undefined>;

  /** Puts a new subscription; its secret must be a SecretRef (kept in the secret store first), never a clear value. */
  putInboundSubscription(subscription: InboundSubscription): Promise<void>;
  listInboundSubscriptions(aplicacaoId: number): Promise<InboundSubscription[]>;
  /** Replaces the clear secret an item from before holds by `ref`, only if it still holds `clear`; false otherwise. */
  sealInboundSecret(aplicacaoId: number, id: number, clear: string, ref: SecretRef): Promise<boolean>;
  /** `ativo` false (kept for the record); false when the application has no such subscription. A second call is true again. */
  deactivateInboundSubscription(aplicacaoId: number, id: number, at: string): Promise<boolean>;

  /**
   * Replaces the application's numbers, `before` being the list read: the new ones are reserved on the
   * platform (conflict naming the number when another application holds one), the removed ones freed.
   */
  replaceNumbers(aplicacaoId: number, before: readonly string[], after: readonly string[]): Promise<void>;
}

export const MAX_WHATSAPP_NUMBERS = 10;

/** A list of numbers as given (E.164 with +, or 00), normalised, without repeats; invalid ones are a validation error. */
export function whatsappNumbers(raw: readonly string[], field = 'numeros'): string[] {
  const out: string[] = [];
  for (const value of raw) {
    const numero = normalizePhone(value);
    if (!numero) throw invalid(`${value} is not a phone number with its country code`, field);
    if (!out.includes(numero)) out.push(numero);
  }
  if (out.length > MAX_WHATSAPP_NUMBERS) throw invalid(`at most ${MAX_WHATSAPP_NUMBERS} numbers`, field);
  return out;
}

/** The numbers with provider_a's sending number among them (first when it was not there). */
export const withProviderANumber = (numeros: readonly string[], providerA: { fromNumber?: string } | undefined): string[] => {
  const from = providerA?.fromNumber ? normalizePhone(providerA.fromNumber) : undefined;
  return from && !numeros.includes(from) ? [from, ...numeros] : [...numeros];
};

/** The shape of an application slug (webhook paths carry it). */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const DECIMAL = /^\d{1,15}(?:\.\d{1,2})?$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** A non-negative amount as an exact decimal string with two places ("100" -> "100.00"). */
export function money(value: string): string {
  if (!DECIMAL.test(value)) throw invalid('amount must be a non-negative decimal with at most two places', 'saldo');
  return fromCents(toCents(value));
}

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

export function validScopes(requested: readonly string[]): Scope[] {
  const unknown = requested.filter((s) => !(knownScopes as readonly string[]).includes(s));
  if (unknown.length > 0) throw invalid(`unknown scopes: ${unknown.join(' ')}`, 'scopes');
  return [...new Set(requested)] as Scope[];
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
  if (!prestador) throw new DomainError('not_found', 'prestador not found');
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

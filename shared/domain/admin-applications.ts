// The admin panel's operations on applications (tenants): register one with its first API key
// pair, read and list them, change the provider, replace the API key pair, register OAuth2
// clients and add credits. Who may do what (platform admin or the application's own admin) is
// decided at the edge from the principal; this module only does the work. Verify-only secrets
// are returned once, here, and stored as hashes; provider secrets go to the secret store, and the
// item keeps only where each is and its mask.
import { hashSecret, randomSecret } from '#shared/auth/secrets';
import { issueApiKey, registerOAuthClient } from '#shared/domain/applications/registration';
import {
  providerSecretFields,
  sealSecrets,
  type ProviderBlock,
  type ProviderAConnection,
  type ProviderASettings,
  type ProviderBConnection,
  type ProviderBSettings,
  type ProviderSecretStore,
} from '#shared/domain/applications/secrets';
import { whatsappNumbers, withProviderANumber } from '#shared/domain/applications/inputs';
import type { Application, Balance, OAuthClientRecord, Provider } from '#shared/domain/applications/records';
import type { Scope } from '#shared/domain/permissions';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import { invalid, notFound } from '#shared/domain/errors';
import { postEntry, type LedgerRepository, type StatementEntry } from '#shared/domain/ledger';
import { isPositiveAmount } from '#shared/domain/money';

/**
 * Default API base URLs when an admin gives none. The provider adapters (messaging issue) call
 * `baseUrl`; a sandbox or a regional endpoint is set explicitly.
 */
export const defaultBaseUrls = {
  providerA: 'https://api.provider-a.example',
  providerB: 'https://graph.provider-b.example',
} as const;

export interface AdminApplicationRepository extends Pick<
  ApplicationRepository,
  | 'newId'
  | 'createApplication'
  | 'getApplication'
  | 'listApplications'
  | 'getBalance'
  | 'putApiKey'
  | 'putOAuthClient'
  | 'listOAuthClients'
  | 'replaceNumbers'
> {
  /** Replaces the provider and both settings blocks (not_found when the application does not exist). */
  updateProvider(
    id: number,
    settings: { provider: Provider; providerA?: ProviderASettings; providerB?: ProviderBSettings; atualizadoEm: string },
  ): Promise<void>;
  /** The application's `ativo`, and its API key's with it, in one write (not_found when there is no such application). */
  setActive(id: number, ativo: boolean, agora: string): Promise<void>;
  /** The application's campaign pace, messages per second (not_found when there is no such application). */
  setPace(id: number, mensagensPorSegundo: number, agora: string): Promise<void>;
  /** The prestador's `ativo`, and every credential's `prestadorAtivo` with it; false when the application has no such prestador. */
  setPrestadorActive(aplicacaoId: number, prestadorId: number, ativo: boolean, agora: string): Promise<boolean>;
  /** Marks the client revoked; false when the application has no such client. A second call changes nothing. */
  revokeOAuthClient(aplicacaoId: number, clientId: string, agora: string): Promise<boolean>;
}

export type ProviderAInput = Omit<ProviderAConnection, 'baseUrl'> & { baseUrl?: string };
export type ProviderBInput = Omit<ProviderBConnection, 'baseUrl'> & { baseUrl?: string };

export interface NewApplicationInput {
  nome: string;
  slug: string;
  provider: Provider;
  providerA?: ProviderAInput;
  providerB?: ProviderBInput;
}

export interface ProviderChange {
  provider?: Provider;
  /** Fields given replace the stored ones; the others are kept. */
  providerA?: Partial<ProviderAConnection>;
  providerB?: Partial<ProviderBConnection>;
}

export interface ApiCredentials {
  apiKey: string;
  /** Shown once. */
  apiSecret: string;
}

/** Lower-case letters, digits and hyphens, 3 to 40, starting and ending with a letter or digit (it appears in webhook URLs). */
const SLUG = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

const providerAKeys = ['accountSid', 'authToken', 'fromNumber', 'baseUrl'] as const;
const providerBKeys = ['phoneNumberId', 'accessToken', 'appSecret', 'verifyToken', 'baseUrl'] as const;

/**
 * The chosen provider must have complete settings (`link` needs none), and so must a block given for the
 * other provider: a stored block is always complete (a half one would be shown, and switched to, broken).
 */
function requireSettings(
  provider: Provider,
  providerA: object | undefined,
  providerB: object | undefined,
  given: { a: boolean; b: boolean },
): void {
  const check = (block: 'providerA' | 'providerB', settings: object | undefined, keys: readonly string[]) => {
    if (!settings) throw invalid(`${block} is required when provider is ${provider}`, block);
    for (const key of keys)
      if (!(settings as Record<string, unknown>)[key]) throw invalid(`${block}.${key} is required`, `${block}.${key}`);
  };
  if (provider === 'provider_a' || given.a) check('providerA', providerA, providerAKeys);
  if (provider === 'provider_b' || given.b) check('providerB', providerB, providerBKeys);
}

const withDefaultA = (input: ProviderAInput | undefined): ProviderAConnection | undefined =>
  input && { ...input, baseUrl: input.baseUrl ?? defaultBaseUrls.providerA };
const withDefaultB = (input: ProviderBInput | undefined): ProviderBConnection | undefined =>
  input && { ...input, baseUrl: input.baseUrl ?? defaultBaseUrls.providerB };

/**
 * Secrets are stored before the item that points at them is written: an item write that fails after
 * leaves a secret version nothing reads (every reader asks for the version the item names).
 */
export async function createApplication(
  repo: AdminApplicationRepository,
  secrets: ProviderSecretStore,
  input: NewApplicationInput,
  now: Date,
): Promise<{ application: Application; balance: Balance; credenciais: ApiCredentials }> {
  if (!SLUG.test(input.slug))
    throw invalid('slug must be 3 to 40 lower-case letters, digits or hyphens, not starting or ending with a hyphen', 'slug');
  const given = { a: withDefaultA(input.providerA), b: withDefaultB(input.providerB) };
  requireSettings(input.provider, given.a, given.b, { a: !!given.a, b: !!given.b });
  const criadoEm = now.toISOString();
  const id = await repo.newId();
  const providerA = given.a && (await sealSecrets(secrets, id, 'providerA', given.a));
  const providerB = given.b && (await sealSecrets(secrets, id, 'providerB', given.b));
  const apiKey = randomSecret(18, 'ak_');
  const apiSecret = randomSecret(32);
  const application: Application = {
    id,
    nome: input.nome,
    slug: input.slug,
    provider: input.provider,
    providerA,
    providerB,
    ativo: true,
    criadoEm,
    apiKey,
    numerosWhatsapp: withProviderANumber([], providerA),
  };
  const balance: Balance = { aplicacaoId: id, saldo: '0.00', moeda: 'BRL', atualizadoEm: criadoEm };
  await repo.createApplication(application, balance, { apiKey, aplicacaoId: id, secretHash: hashSecret(apiSecret), criadoEm });
  return { application, balance, credenciais: { apiKey, apiSecret } };
}

export async function findApplication(repo: Pick<AdminApplicationRepository, 'getApplication'>, id: number): Promise<Application> {
  const application = await repo.getApplication(id);
  if (!application) throw notFound('application');
  return application;
}

/** Applications by id, one page of them, with the total. */
export async function listApplications(
  repo: Pick<AdminApplicationRepository, 'listApplications'>,
  paging: { page: number; size: number },
): Promise<{ content: Application[]; total: number }> {
  // The admin panel's list is small (tenants, not messages): one Query of the index, sliced here.
  const all = await repo.listApplications();
  const start = paging.page * paging.size;
  return { content: all.slice(start, start + paging.size), total: all.length };
}

/**
 * Changes the provider and/or its settings. Nothing caches an application's provider: every
 * request reads the application item (and a secret by the version the item names), so the change
 * applies from the next request on.
 */
export async function changeProvider(
  repo: AdminApplicationRepository,
  secrets: ProviderSecretStore,
  id: number,
  change: ProviderChange,
  now: Date,
): Promise<Application> {
  const current = await findApplication(repo, id);
  const provider = change.provider ?? current.provider;
  const given = {
    a: change.providerA && { baseUrl: defaultBaseUrls.providerA, ...current.providerA, ...change.providerA },
    b: change.providerB && { baseUrl: defaultBaseUrls.providerB, ...current.providerB, ...change.providerB },
  };
  requireSettings(provider, given.a ?? current.providerA, given.b ?? current.providerB, { a: !!given.a, b: !!given.b });
  // Only the secrets given are stored again; the others keep their references.
  const providerA = given.a
    ? ({ ...given.a, ...(await sealSecrets(secrets, id, 'providerA', change.providerA!)) } as ProviderASettings)
    : current.providerA;
  const providerB = given.b
    ? ({ ...given.b, ...(await sealSecrets(secrets, id, 'providerB', change.providerB!)) } as ProviderBSettings)
    : current.providerB;
  // provider_a's sending number is one of the application's numbers: reserved first, so a number of another application is a 409 with nothing changed.
  const before = current.numerosWhatsapp ?? [];
  const numerosWhatsapp = withProviderANumber(before, providerA);
  if (numerosWhatsapp.length !== before.length) await repo.replaceNumbers(id, before, numerosWhatsapp);
  await repo.updateProvider(id, { provider, providerA, providerB, atualizadoEm: now.toISOString() });
  return { ...current, provider, providerA, providerB, numerosWhatsapp };
}

/** Replaces the application's WhatsApp numbers; provider_a's sending number cannot be removed while it sends through provider_a. */
export async function changeNumbers(repo: AdminApplicationRepository, id: number, raw: readonly string[]): Promise<Application> {
  const current = await findApplication(repo, id);
  const numerosWhatsapp = whatsappNumbers(raw);
  const from = current.providerA?.fromNumber;
  if (current.provider === 'provider_a' && from && !numerosWhatsapp.includes(from)) {
    throw invalid(`provider_a sends from ${from}: it must stay one of the numbers`, 'numeros');
  }
  await repo.replaceNumbers(id, current.numerosWhatsapp ?? [], numerosWhatsapp);
  return { ...current, numerosWhatsapp };
}

/** A new API key pair; the previous pair stops working in the same write. */
export async function regenerateCredentials(repo: AdminApplicationRepository, id: number, now: Date): Promise<ApiCredentials> {
  await findApplication(repo, id);
  return issueApiKey(repo, id, now);
}

export async function addOAuthClient(
  repo: AdminApplicationRepository,
  id: number,
  input: { nome: string; scopes: readonly string[] },
  now: Date,
): Promise<{ clientId: string; clientSecret: string; scopes: Scope[]; nome: string }> {
  if (input.scopes.length === 0) throw invalid('scopes must not be empty', 'scopes');
  await findApplication(repo, id);
  const client = await registerOAuthClient(repo, id, input, now);
  return { ...client, nome: input.nome };
}

export async function listOAuthClients(repo: AdminApplicationRepository, id: number): Promise<OAuthClientRecord[]> {
  await findApplication(repo, id);
  return repo.listOAuthClients(id);
}

/** A credit to the application's balance, with its statement entry (referenciaTipo CREDITO). */
export async function addCredit(
  repos: { applications: Pick<AdminApplicationRepository, 'getApplication'>; ledger: LedgerRepository },
  id: number,
  input: { valor: string; descricao?: string },
): Promise<StatementEntry> {
  if (!isPositiveAmount(input.valor)) {
    throw invalid('valor must be a decimal string greater than 0 with at most 2 decimal places', 'valor');
  }
  await findApplication(repos.applications, id);
  return postEntry(repos.ledger, {
    aplicacaoId: id,
    tipo: 'CREDIT',
    valor: input.valor,
    descricao: input.descricao || 'Crédito adicionado pelo painel administrativo',
    referenciaTipo: 'CREDITO',
  });
}

/** Marks an application active or inactive: an inactive one's API key gets 401 and its sends 403. */
export async function setApplicationActive(repo: AdminApplicationRepository, id: number, ativo: boolean, now: Date): Promise<Application> {
  const current = await findApplication(repo, id);
  await repo.setActive(id, ativo, now.toISOString());
  return { ...current, ativo };
}

/** Sets how many campaign messages per second the application may start (its provider's rate for its number). */
export async function setApplicationPace(
  repo: AdminApplicationRepository,
  id: number,
  mensagensPorSegundo: number,
  now: Date,
): Promise<Application> {
  const current = await findApplication(repo, id);
  await repo.setPace(id, mensagensPorSegundo, now.toISOString());
  return { ...current, mensagensPorSegundo };
}

/** Marks a prestador active or inactive: an inactive one's credentials get 401 from their authorizer. */
export async function setPrestadorActive(
  repo: AdminApplicationRepository,
  id: number,
  prestadorId: number,
  ativo: boolean,
  now: Date,
): Promise<void> {
  await findApplication(repo, id);
  if (!(await repo.setPrestadorActive(id, prestadorId, ativo, now.toISOString()))) throw notFound('prestador');
}

/** Revokes an OAuth client: the token endpoint refuses it from now on; tokens already issued live until they expire. */
export async function revokeOAuthClient(repo: AdminApplicationRepository, id: number, clientId: string, now: Date): Promise<void> {
  await findApplication(repo, id);
  if (!(await repo.revokeOAuthClient(id, clientId, now.toISOString()))) throw notFound('OAuth client');
}

/**
 * Moves the provider secrets that items from before the secret store hold in clear into it, and
 * leaves on the item only where each went (`npm run bootstrap` in AWS, every local start). Answers
 * the applications moved; a second run moves none.
 */
export async function moveProviderSecrets(repo: AdminApplicationRepository, secrets: ProviderSecretStore, now: Date): Promise<number[]> {
  const moved: number[] = [];
  for (const app of await repo.listApplications()) {
    const clear = (block: ProviderBlock) => providerSecretFields[block].some((field) => typeof app[block]?.[field as never] === 'string');
    if (!clear('providerA') && !clear('providerB')) continue;
    await repo.updateProvider(app.id, {
      provider: app.provider,
      providerA: app.providerA && (await sealSecrets(secrets, app.id, 'providerA', app.providerA)),
      providerB: app.providerB && (await sealSecrets(secrets, app.id, 'providerB', app.providerB)),
      atualizadoEm: now.toISOString(),
    });
    moved.push(app.id);
  }
  return moved;
}

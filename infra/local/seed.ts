// The sandbox: three applications with every kind of credential, written to
// <dataDir>/sandbox.json so that curl, scripts and tests can call the local service at once.
// Made the way production makes them: the application by the admin API's use case (createApplication,
// which issues its first API key pair), its opening balance as the operator's credit (so it is the
// statement's first entry, "Saldo inicial do sandbox"), OAuth clients, the provider credential, the
// patient and the console logins by the use cases of the admin API and the portals.
// Idempotent: what exists (found by slug, e-mail, or the credentials in the file, which must still
// pass production's own checks, infra/local/sandbox-credentials.ts) is reused; only what is missing is
// created. Portal tokens are signed again at every start (valid 24 h).
import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { portalRoles, signPortalToken } from '#shared/auth/tokens';
import {
  addCredit,
  addOAuthClient,
  createApplication,
  regenerateCredentials,
  type ApiCredentials,
} from '#shared/domain/admin-applications';
import { createInboundSubscription, registerPortalUser, registerPrestador } from '#shared/domain/applications/registration';
import type { Application, Provider } from '#shared/domain/applications/records';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { ProviderAConnection, ProviderBConnection } from '#shared/domain/applications/secrets';
import { withProviderANumber } from '#shared/domain/applications/inputs';
import { isPositiveAmount } from '#shared/domain/money';
import { createPortalUser } from '#shared/domain/portal-users';
import { createProviderCredential } from '#shared/domain/provider-credentials';
import { providerSecret, providerSecretStore } from '#shared/providers/secrets';
import { inboundSecretValues, inboundWebhookSecrets } from '#shared/secrets/webhooks';
import { stripeWebhookSecretId } from '#shared/secrets/payments';
import { adapter } from '#shared/adapters/index';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { dynamoPlanRepository } from '#shared/db/plans';
import { dynamoProviderCredentialRepository } from '#shared/db/provider-credentials';
import { ensureDefaultSector } from '#shared/db/sectors';
import { backfillStatementDays, dynamoLedgerRepository } from '#shared/db/ledger';
import { backfillMessageCounters, backfillMessageDayCounters } from '#shared/db/messages';
import { dynamoTariffRepository } from '#shared/db/tariffs';
import { addPatientPhone } from '#shared/db/users';
import { apiKeyWorks, oauthClientWorks, providerCredentialWorks } from '#infra/local/sandbox-credentials';
import { sandboxPatientRecord, seedPhysicianPortal } from '#infra/local/seed-portals';
import { seedAgentCa } from '#infra/local/seed-agent-ca';
import { seedConsoleLogins, type SandboxConsole } from '#infra/local/seed-console';
import { seedDefaultPlans } from '#shared/domain/plans';
import { seedDefaultTariffs } from '#shared/domain/tariffs';
import { scopes as allScopes, type PortalRole, type Scope } from '#shared/http/routes';
import { log } from '#shared/log';

export interface SandboxApp {
  id: number;
  slug: string;
  provider: Provider;
  saldo: string;
  apiKey: string;
  apiSecret: string;
  oauth: { clientId: string; clientSecret: string; scopes: Scope[] };
  oauthLimited: { clientId: string; clientSecret: string; scopes: Scope[] };
  prestador: { id: number; apiKey: string; apiSecret: string };
  tokens: Record<PortalRole, string>;
  providerA: { authToken: string };
  providerB: { verifyToken: string; appSecret: string };
  inboundSecret: string;
  /** The application's WhatsApp numbers: a patient's message to one of them reaches this application (the first is provider_a's fromNumber). */
  numerosWhatsapp: string[];
}

/** The agent channel's mutual-TLS port and a client certificate of the agent CA for it (infra/local/agent-tls.ts). */
export interface SandboxAgent {
  port: number;
  /** `https://127.0.0.1:<port>`: call /api/external/integracoes/... there with certPem/keyPem, trusting caPem. */
  url: string;
  /** The agent's client certificate and its private key (PKCS#8), issued at every start. */
  certPem: string;
  keyPem: string;
  /** The agent CA: it signed the client certificate and the server's certificate. */
  caPem: string;
  /** The client certificate's serial (lower-case hex), to revoke it. */
  serialHex: string;
  /** The sandbox integration of `aplicacao` the certificate was issued for (infra/local/seed-integrations.ts). */
  integracaoId: number;
  /** The sandbox application (its key in `applications`) whose tokens the certificate works with. */
  aplicacao: string;
}

/** The local webhook receiver (infra/local/webhook-receiver.ts) and the webhook of demo's provider that points at it. */
export interface SandboxWebhooks {
  /** The receiver's URL (the webhook's target). */
  receiverUrl: string;
  /** Absolute path of the folder where each delivery lands as a JSON file. */
  receiverDir: string;
  aplicacaoId: number;
  prestadorId: number;
  webhookId: number;
  /** The webhook's `whsec_` secret: verify deliveries with it. */
  secret: string;
}

export interface Sandbox {
  baseUrl: string;
  applications: { demo: SandboxApp; outra: SandboxApp; semSaldo: SandboxApp };
  /** Written once the agent channel's port is listening. */
  agent?: SandboxAgent;
  /** Written once the webhook receiver is listening. */
  webhooks?: SandboxWebhooks;
  /**
   * The provider simulators' URLs (providerA.baseUrl / providerB.baseUrl of the sandbox applications);
   * POST {url}/simular/mensagem plays a patient writing in (infra/local/simulators). Written once they listen.
   */
  simulators?: {
    providerA: string;
    providerB: string;
    /** The Bedrock runtime simulator (BEDROCK_ENDPOINT): POST {url}/model/{modelId}/converse, docs/ai.md. */
    bedrock?: string;
  };
  /**
   * The RFC 3161 time-stamp authority (TSA_URL) and its CA: `openssl ts -verify -data <dados> -in <token> -token_in
   * -CAfile <caPem>` verifies the stamps it gave (docs/stamps.md). Written once it listens.
   */
  tsa?: { url: string; caPem: string };
  /**
   * The console (`npm start` serves it at `url`) and its logins: demo's a platform admin, outra's a tenant admin,
   * prestador and plantonista demo's portal users of those roles.
   */
  console?: SandboxConsole;
  /**
   * The payment gateway's side (docs/invoices.md): the Stripe webhook's URL and its endpoint secret, generated at the
   * first start and kept in the local secret store (`<prefix>/pagamentos/entrada-stripe`): sign test events with it.
   */
  pagamentos?: { stripe: { webhookUrl: string; webhookSecret: string } };
}

export type SandboxKey = keyof Sandbox['applications'];

interface AppSpec {
  key: SandboxKey;
  slug: string;
  nome: string;
  provider: Provider;
  saldo: string;
}

export const sandboxApps: readonly AppSpec[] = [
  { key: 'demo', slug: 'demo', nome: 'Demo', provider: 'link', saldo: '100.00' },
  { key: 'outra', slug: 'outra', nome: 'Outra Aplicação', provider: 'provider_a', saldo: '100.00' },
  { key: 'semSaldo', slug: 'sem-saldo', nome: 'Sem Saldo', provider: 'provider_b', saldo: '0.00' },
];

export const limitedScopes: Scope[] = ['agendamentos:read'];
export const OAUTH_CLIENT_NAME = 'sandbox';
export const OAUTH_LIMITED_CLIENT_NAME = 'sandbox-limited';
export const TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** Where the provider simulators listen under npm start; every start re-points the sandbox applications at the running ones (infra/local/simulators). */
export const PROVIDER_A_SANDBOX_URL = 'http://127.0.0.1:3101/provider-a';
export const PROVIDER_B_SANDBOX_URL = 'http://127.0.0.1:3102/provider-b';

export const sandboxFile = (dataDir: string) => path.join(dataDir, 'sandbox.json');
export const userEmail = (role: PortalRole, slug: string) => `${role}@${slug}.sandbox.local`;
/** The sandbox patient's phone in each application (one-time login codes land in the outbox): +55119 and the id in 8 digits. */
export const sandboxPatientPhone = (aplicacaoId: number) => `+55119${String(aplicacaoId).padStart(8, '0')}`;

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');

const providerASettings = (): ProviderAConnection => ({
  accountSid: `AC${randomBytes(16).toString('hex')}`,
  authToken: randomBytes(16).toString('hex'),
  fromNumber: `+5511${digits(9)}`,
  baseUrl: PROVIDER_A_SANDBOX_URL,
});

const providerBSettings = (): ProviderBConnection => ({
  phoneNumberId: digits(15),
  accessToken: `EAA${randomBytes(24).toString('base64url')}`,
  appSecret: randomBytes(16).toString('hex'),
  verifyToken: randomBytes(16).toString('base64url'),
  baseUrl: PROVIDER_B_SANDBOX_URL,
  wabaId: digits(15),
});

/** Replaces sandbox.json (owner-only: it holds credentials), atomically. */
export async function writeSandbox(dataDir: string, sandbox: Sandbox): Promise<void> {
  const file = sandboxFile(dataDir);
  await writeFile(`${file}.tmp`, JSON.stringify(sandbox, null, 2) + '\n', { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}

export async function readSandbox(dataDir: string): Promise<Sandbox | undefined> {
  try {
    return JSON.parse(await readFile(sandboxFile(dataDir), 'utf8')) as Sandbox;
  } catch {
    return undefined;
  }
}

/** The repositories and secret store the admin API's application operations are given (functions/admin/applications.ts). */
interface AdminWiring {
  applications: ReturnType<typeof dynamoAdminApplicationRepository>;
  ledger: ReturnType<typeof dynamoLedgerRepository>;
  secrets: ReturnType<typeof providerSecretStore>;
}

const adminWiring = (): AdminWiring => ({
  applications: dynamoAdminApplicationRepository(),
  ledger: dynamoLedgerRepository(),
  secrets: providerSecretStore(),
});

/** A sandbox application as the platform operator creates one: POST /api/admin/aplicacoes, then a credit of its opening balance. */
async function createSandboxApplication(admin: AdminWiring, spec: AppSpec): Promise<{ app: Application; api: ApiCredentials }> {
  const { application, credenciais } = await createApplication(
    admin.applications,
    admin.secrets,
    {
      nome: spec.nome,
      slug: spec.slug,
      provider: spec.provider,
      // Both blocks, whatever the provider: the simulators and tests play either provider for any application.
      providerA: providerASettings(),
      providerB: providerBSettings(),
    },
    new Date(),
  );
  // A credit is more than zero; sem-saldo opens at the 0.00 every application starts with.
  if (isPositiveAmount(spec.saldo)) {
    await addCredit(admin, application.id, { valor: spec.saldo, descricao: 'Saldo inicial do sandbox' });
  }
  log.info('sandbox application created', { slug: spec.slug, aplicacaoId: application.id });
  return { app: application, api: credenciais };
}

async function seedApplication(
  repo: ApplicationRepository,
  admin: AdminWiring,
  spec: AppSpec,
  previous: SandboxApp | undefined,
): Promise<SandboxApp> {
  const found = await repo.findApplicationBySlug(spec.slug);
  const created = found ? undefined : await createSandboxApplication(admin, spec);
  const app = found ?? created!.app;
  const aplicacaoId = app.id;
  // Credentials in the file are reused only when they belong to this application and still work.
  const prev = previous?.id === aplicacaoId ? previous : undefined;
  // An inactive application's credentials (and an inactive prestador's) fail every check: the file's are kept as
  // they are until it is active again, rather than new ones at every start (a prestador's would be refused).
  const stillWorks = async (active: boolean, check: () => Promise<boolean>) => !active || (await check());

  // Reused only while it is still the application's current pair (data from before the application
  // item named its key gets a new pair, so that regenerating it in the admin panel revokes it).
  const api =
    created?.api ??
    (prev && app.apiKey === prev.apiKey && (await stillWorks(app.ativo, () => apiKeyWorks(aplicacaoId, prev.apiKey, prev.apiSecret)))
      ? { apiKey: prev.apiKey, apiSecret: prev.apiSecret }
      : await regenerateCredentials(admin.applications, aplicacaoId, new Date()));

  const oauthClient = async (nome: string, scopes: Scope[], known: SandboxApp['oauth'] | undefined) =>
    known && (await stillWorks(app.ativo, () => oauthClientWorks(repo, aplicacaoId, known, scopes)))
      ? { clientId: known.clientId, clientSecret: known.clientSecret }
      : await addOAuthClient(admin.applications, aplicacaoId, { nome, scopes }, new Date());
  const oauth = await oauthClient(OAUTH_CLIENT_NAME, [...allScopes], prev?.oauth);
  const oauthLimited = await oauthClient(OAUTH_LIMITED_CLIENT_NAME, limitedScopes, prev?.oauthLimited);

  // Nothing in production creates a prestador (no route or use case does): the seed writes its own, as the tests do.
  const prestador =
    (prev && (await repo.getPrestador(aplicacaoId, prev.prestador.id))) ??
    (await repo.listPrestadores(aplicacaoId))[0] ??
    (await registerPrestador(repo, aplicacaoId, { nome: 'Clínica Sandbox', email: `clinica@${spec.slug}.sandbox.local` }, new Date()));
  const scope = { aplicacaoId, prestadorId: prestador.id };
  const credential =
    prev &&
    (await stillWorks(app.ativo && prestador.ativo, () => providerCredentialWorks(scope, prev.prestador.apiKey, prev.prestador.apiSecret)))
      ? { apiKey: prev.prestador.apiKey, apiSecret: prev.prestador.apiSecret }
      : await createProviderCredential(dynamoProviderCredentialRepository(), scope, { nome: 'sandbox' }, new Date()).then(
          ({ credential, apiSecret }) => ({ apiKey: credential.apiKey, apiSecret }),
        );

  const tokens = {} as Record<PortalRole, string>;
  for (const role of portalRoles) {
    const email = userEmail(role, spec.slug);
    const nome = `${role} (${spec.slug})`;
    const user =
      (await repo.findPortalUserByEmail(email)) ??
      (role === 'paciente'
        ? await createPortalUser(repo, { aplicacaoId, role, email, nome, telefone: sandboxPatientPhone(aplicacaoId) }, new Date())
        : // The staff users sign in with their token only, without a password, which the admin API always asks for
          // (createPortalUser): they are written by the record write it ends in (the login tests use such a user).
          await registerPortalUser(
            repo,
            { aplicacaoId, role, email, nome, prestadorId: role === 'prestador' ? prestador.id : undefined },
            new Date(),
          ));
    // A data folder from before patients had phones: give the sandbox patient its phone.
    if (role === 'paciente' && !user.telefone) await addPatientPhone(user, sandboxPatientPhone(aplicacaoId));
    // The patient app and the physician portal answer real data on a new user's first GET.
    const pacienteId =
      role === 'paciente' ? await sandboxPatientRecord({ ...user, telefone: sandboxPatientPhone(aplicacaoId) }) : undefined;
    if (role === 'plantonista') await seedPhysicianPortal(user);
    tokens[role] = await signPortalToken({
      role,
      aplicacaoId,
      subject: String(user.id),
      ttlSeconds: TOKEN_TTL_SECONDS,
      prestadorId: user.prestadorId,
      pacienteId,
      // The demo tenant's admin is the platform operator's: it may manage every application.
      plataforma: role === 'admin' && spec.key === 'demo',
    });
  }

  // Its key is in the secret store (shared/secrets/webhooks.ts); the sandbox file shows it to the developer.
  const signed = (await repo.listInboundSubscriptions(aplicacaoId)).find((s) => s.ativo && s.secret);
  const inboundSecret = signed
    ? (await inboundSecretValues([signed]))[0]!
    : (await createInboundSubscription(repo, inboundWebhookSecrets(), aplicacaoId, new Date())).segredo!;

  const balance = await repo.getBalance(aplicacaoId);
  if (!app.providerA || !app.providerB) throw new Error(`sandbox application ${spec.slug} has no provider settings`);
  // A data folder from before sectors, numbers and counters: the default sector, the counts (17d, 17e, 4c), provider_a's number.
  await ensureDefaultSector(aplicacaoId);
  await backfillMessageCounters(aplicacaoId);
  await backfillMessageDayCounters(aplicacaoId);
  await backfillStatementDays(aplicacaoId);
  let numerosWhatsapp = app.numerosWhatsapp ?? [];
  if (numerosWhatsapp.length === 0) {
    numerosWhatsapp = withProviderANumber([], app.providerA);
    await repo.replaceNumbers(aplicacaoId, [], numerosWhatsapp);
  }

  return {
    id: aplicacaoId,
    slug: app.slug,
    provider: app.provider,
    saldo: balance?.saldo ?? spec.saldo,
    apiKey: api.apiKey,
    apiSecret: api.apiSecret,
    oauth: { clientId: oauth.clientId, clientSecret: oauth.clientSecret, scopes: [...allScopes] },
    oauthLimited: { clientId: oauthLimited.clientId, clientSecret: oauthLimited.clientSecret, scopes: [...limitedScopes] },
    prestador: { id: prestador.id, apiKey: credential.apiKey, apiSecret: credential.apiSecret },
    tokens,
    // The provider's side of the sandbox (simulators, tests) needs the secrets themselves.
    providerA: { authToken: (await providerSecret(app, 'providerA.authToken')) ?? '' },
    providerB: {
      verifyToken: (await providerSecret(app, 'providerB.verifyToken')) ?? '',
      appSecret: (await providerSecret(app, 'providerB.appSecret')) ?? '',
    },
    inboundSecret,
    numerosWhatsapp,
  };
}

/** Creates (or finds) the sandbox tenants and writes <dataDir>/sandbox.json. */
export async function seedSandbox(options: { repo: ApplicationRepository; dataDir: string; baseUrl: string }): Promise<Sandbox> {
  const previous = await readSandbox(options.dataDir);
  const admin = adminWiring();
  // One after the other, so a fresh start numbers them in a stable order (demo first).
  const applications = {} as Sandbox['applications'];
  for (const spec of sandboxApps) {
    applications[spec.key] = await seedApplication(options.repo, admin, spec, previous?.applications?.[spec.key]);
  }
  const console = await seedConsoleLogins({
    repo: options.repo,
    baseUrl: options.baseUrl,
    demo: applications.demo,
    outra: applications.outra,
    portalUsers: {
      prestador: userEmail('prestador', applications.demo.slug),
      plantonista: userEmail('plantonista', applications.demo.slug),
    },
    previous: previous?.console,
  });
  const sandbox: Sandbox = { baseUrl: options.baseUrl, applications, console };
  const file = sandboxFile(options.dataDir);
  await writeFile(`${file}.tmp`, JSON.stringify(sandbox, null, 2) + '\n', { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return sandbox;
}

export { seedAgentCa };

export interface SeedOptions {
  repo: ApplicationRepository;
  dataDir: string;
  baseUrl: string;
  putSecret: (id: string, value: string) => Promise<unknown>;
}

/** The default plans that are missing, written to the table (the local run at every start, the bootstrap once). */
export const seedPlans = (): Promise<void> => seedDefaultPlans(dynamoPlanRepository());

/** The default tariffs that are missing (ids 1-5; an edited one is left alone). */
export const seedTariffs = (): Promise<void> => seedDefaultTariffs(dynamoTariffRepository(), new Date().toISOString());

/** Stripe's endpoint secret: the one in the local secret store, else a new `whsec_` one put there. */
async function seedStripeSecret(putSecret: SeedOptions['putSecret']): Promise<string> {
  try {
    const kept = (await (await adapter('secrets')).get(stripeWebhookSecretId())).trim();
    if (kept) return kept;
  } catch {
    // none yet
  }
  const secret = `whsec_${randomBytes(24).toString('base64url')}`;
  await putSecret(stripeWebhookSecretId(), secret);
  return secret;
}

/** Everything the local service needs in its table and stand-ins before serving. */
export async function seedAll(options: SeedOptions): Promise<Sandbox> {
  const [sandbox, webhookSecret] = await Promise.all([
    seedSandbox(options),
    seedStripeSecret(options.putSecret),
    seedPlans(),
    seedAgentCa(options.putSecret),
    seedTariffs(),
  ]);
  sandbox.pagamentos = { stripe: { webhookUrl: `${options.baseUrl}/api/webhooks/pagamentos/stripe`, webhookSecret } };
  await writeSandbox(options.dataDir, sandbox);
  return sandbox;
}

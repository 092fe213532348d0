// First run after `cdk deploy`: puts an RS256 signing key set into the signing-key secret when it
// holds none (its one key signs at once: no token exists yet; later keys come from
// infra/scripts/rotate-signing-key.ts, which publishes each before it signs), publishes the public half of
// every key in the verification-key secret (every run: it is derived), creates the agent channel's CA (its secret) and first CRL (in the CRL bucket) when
// there is no CRL, writes the default plans and tariffs that are missing, counts the messages sent
// before the message counters existed (once per application), moves provider secrets and webhook
// secrets that items from before the secret store hold in clear into it (docs/decisions.md), and creates the platform
// operator's application and its first platform admin. Every step is idempotent. Run with AWS credentials and the stack's outputs:
//
//   TABLE_NAME=<TableName> SIGNING_KEY_SECRET_ID=<SigningKeySecretArn> VERIFICATION_KEY_SECRET_ID=<VerificationKeySecretArn> \
//   CRL_BUCKET=<CrlBucketName> AGENT_CA_SECRET_ID=<AgentCaSecretArn> PROVIDER_SECRET_PREFIX=<ProviderSecretPrefix> \
//   WEBHOOK_SECRET_PREFIX=<WebhookSecretPrefix> \
//   BOOTSTRAP_ADMIN_EMAIL=ops@example.com BOOTSTRAP_ADMIN_PASSWORD='a long passphrase' npm run bootstrap
//
// The password comes from the environment, not the command line (shell history, process list).
import { GetSecretValueCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { seedAgentCa } from '#infra/local/seed-agent-ca';
import { seedPlans, seedTariffs } from '#infra/local/seed';
import { loadAgentCaSecret } from '#shared/ca/ca-secret';
import { s3Blobs } from '#shared/adapters/aws/s3';
import { useAdapters } from '#shared/adapters/index';
import { generateSigningKeyJwk, parseSigningKeySet } from '#shared/auth/signing-keys';
import { verificationKeySetOf } from '#shared/auth/verification-keys';
import { config } from '#shared/config';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { inboundWebhookSecrets, moveWebhookSecrets, outboundWebhookSecrets, type WebhookSecretMigration } from '#shared/secrets/webhooks';
import { backfillStatementDays } from '#shared/db/ledger';
import { backfillMessageCounters, backfillMessageDayCounters } from '#shared/db/messages';
import { secretsManagerStore } from '#shared/adapters/aws/secrets-manager';
import { createApplication, moveProviderSecrets, type AdminApplicationRepository } from '#shared/domain/admin-applications';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import type { ProviderSecretStore } from '#shared/domain/applications/secrets';
import { providerSecretStore } from '#shared/providers/secrets';
import { createPortalUser } from '#shared/domain/portal-users';

export interface BootstrapDeps {
  repo: ApplicationRepository;
  adminRepo: AdminApplicationRepository;
  /** Where the applications' provider secrets go (shared/providers/secrets.ts). */
  providerSecrets: ProviderSecretStore;
  readSecret(): Promise<string | undefined>;
  writeSecret(value: string): Promise<void>;
  /** The public key set the JWT verifiers read. */
  writeVerificationKeys(value: string): Promise<void>;
  /** The agent CA, and its CRL published from the revocation list when there is no current one (infra/local/seed-agent-ca.ts). */
  ensureAgentCa(): Promise<'created' | 'crl-reissued' | 'kept'>;
  /** The agent CA's certificate once ensured (public), for the verification-key secret. */
  agentCaCertPem?(): Promise<string>;
  /** The default plans and tariffs that are missing; by default written to the table (infra/local/seed.ts). */
  seedCatalogue?(): Promise<void>;
  /** Where the webhooks' secrets are read from and go (shared/secrets/webhooks.ts); by default the table and the secret store. */
  webhookSecrets?: WebhookSecretMigration;
}

/** The webhook secrets' migration over the table and the secret store (adapter 'secretStore'). */
export const webhookSecretMigration = (): WebhookSecretMigration => ({
  applications: dynamoApplicationRepository(),
  webhooks: dynamoWebhookSubscriptionRepository(),
  outbound: outboundWebhookSecrets(),
  inbound: inboundWebhookSecrets(),
});

const seedCatalogue = async (): Promise<void> => {
  await Promise.all([seedPlans(), seedTariffs()]);
};

export interface BootstrapInput {
  slug: string;
  nome: string;
  adminEmail: string;
  adminPassword: string;
}

export interface BootstrapReport {
  signingKey: 'created' | 'kept';
  agentCa: 'created' | 'crl-reissued' | 'kept';
  application: { id: number; created: boolean; apiKey?: string; apiSecret?: string };
  admin: { id: number; created: boolean };
  /** The applications whose provider secrets were moved out of the table by this run. */
  providerSecretsMoved: number[];
  /** How many outbound webhooks (`saida`) and inbound subscriptions (`entrada`) had their secret moved out of the table by this run. */
  webhookSecretsMoved: { saida: number; entrada: number };
}

export async function bootstrapPlatform(deps: BootstrapDeps, input: BootstrapInput): Promise<BootstrapReport> {
  let signingKey: BootstrapReport['signingKey'] = 'kept';
  let keys;
  try {
    keys = parseSigningKeySet((await deps.readSecret()) ?? '');
  } catch {
    keys = [await generateSigningKeyJwk()];
    await deps.writeSecret(JSON.stringify({ keys }));
    signingKey = 'created';
  }
  await deps.writeVerificationKeys(verificationKeySetOf(keys));

  const agentCa = await deps.ensureAgentCa();
  // The agent authorizer verifies the CRL's signature with the CA's certificate, published beside the public JWT keys.
  const agentCaCertPem = await deps.agentCaCertPem?.();
  if (agentCaCertPem) await deps.writeVerificationKeys(verificationKeySetOf(keys, agentCaCertPem));
  await (deps.seedCatalogue ?? seedCatalogue)();
  // Message counts (patterns 17d, 17e) and statement days (4c) of the data from before they existed; once per application.
  for (const app of await deps.repo.listApplications()) {
    await backfillMessageCounters(app.id);
    await backfillMessageDayCounters(app.id);
    await backfillStatementDays(app.id);
  }
  const providerSecretsMoved = await moveProviderSecrets(deps.adminRepo, deps.providerSecrets, new Date());
  const webhookSecretsMoved = await moveWebhookSecrets(deps.webhookSecrets ?? webhookSecretMigration());

  const existing = await deps.repo.findApplicationBySlug(input.slug);
  let application: BootstrapReport['application'];
  if (existing) {
    application = { id: existing.id, created: false };
  } else {
    const created = await createApplication(
      deps.adminRepo,
      deps.providerSecrets,
      { nome: input.nome, slug: input.slug, provider: 'link' },
      new Date(),
    );
    application = { id: created.application.id, created: true, ...created.credenciais };
  }

  const user = await deps.repo.findPortalUserByEmail(input.adminEmail.toLowerCase());
  const admin = user
    ? { id: user.id, created: false }
    : {
        id: (
          await createPortalUser(
            deps.repo,
            {
              aplicacaoId: application.id,
              nome: 'Administrador da plataforma',
              email: input.adminEmail,
              role: 'admin',
              senha: input.adminPassword,
              plataforma: true,
            },
            new Date(),
          )
        ).id,
        created: true,
      };
  return { signingKey, agentCa, application, admin, providerSecretsMoved, webhookSecretsMoved };
}

async function main(): Promise<void> {
  const env = process.env;
  const missing = [
    'TABLE_NAME',
    'SIGNING_KEY_SECRET_ID',
    'VERIFICATION_KEY_SECRET_ID',
    'CRL_BUCKET',
    'AGENT_CA_SECRET_ID',
    'PROVIDER_SECRET_PREFIX',
    'WEBHOOK_SECRET_PREFIX',
    'BOOTSTRAP_ADMIN_EMAIL',
    'BOOTSTRAP_ADMIN_PASSWORD',
  ].filter((k) => !env[k]);
  if (missing.length) {
    console.error(`Set ${missing.join(', ')} (see the comment at the top of infra/scripts/bootstrap.ts).`);
    process.exit(2);
  }
  const secrets = new SecretsManagerClient({ region: config().region });
  const SecretId = config().signingKeySecretId;
  const getSecret = async (id: string) => {
    const value = (await secrets.send(new GetSecretValueCommand({ SecretId: id }))).SecretString;
    if (value === undefined) throw new Error(`secret ${id} has no string value`);
    return value;
  };
  const putSecret = async (id: string, value: string) =>
    void (await secrets.send(new PutSecretValueCommand({ SecretId: id, SecretString: value })));
  useAdapters({ blobs: s3Blobs(), secrets: { get: getSecret }, secretStore: secretsManagerStore(secrets) });
  const report = await bootstrapPlatform(
    {
      repo: dynamoApplicationRepository(),
      adminRepo: dynamoAdminApplicationRepository(),
      providerSecrets: providerSecretStore(),
      readSecret: async () => (await secrets.send(new GetSecretValueCommand({ SecretId }))).SecretString,
      writeSecret: (value) => putSecret(SecretId, value),
      writeVerificationKeys: (value) => putSecret(config().verificationKeySecretId, value),
      ensureAgentCa: () => seedAgentCa(putSecret, env.AGENT_CA_SECRET_ID),
      agentCaCertPem: async () => (await loadAgentCaSecret(env.AGENT_CA_SECRET_ID)).certPem,
    },
    {
      slug: env.BOOTSTRAP_APP_SLUG ?? 'operador',
      nome: env.BOOTSTRAP_APP_NAME ?? 'Operador da plataforma',
      adminEmail: env.BOOTSTRAP_ADMIN_EMAIL!,
      adminPassword: env.BOOTSTRAP_ADMIN_PASSWORD!,
    },
  );
  console.log(`signing key: ${report.signingKey} (its public half published in the verification-key secret)`);
  console.log(
    `agent CA and CRL: ${report.agentCa}${report.agentCa === 'created' ? ' (its certPem, in the AgentCaSecretArn secret, is the mTLS truststore)' : ''}`,
  );
  console.log('plans and tariffs: the missing defaults written');
  if (report.providerSecretsMoved.length > 0) {
    console.log(`provider secrets moved out of the table: applications ${report.providerSecretsMoved.join(', ')}`);
  }
  const { saida, entrada } = report.webhookSecretsMoved;
  if (saida + entrada > 0)
    console.log(`webhook secrets moved out of the table: ${saida} outbound webhooks, ${entrada} inbound subscriptions`);
  console.log(`application ${report.application.id}: ${report.application.created ? 'created' : 'already there'}`);
  if (report.application.apiKey) console.log(`  API key ${report.application.apiKey}, secret ${report.application.apiSecret} (shown once)`);
  console.log(`platform admin ${report.admin.id}: ${report.admin.created ? 'created; log in with POST /api/auth/login' : 'already there'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();

// The service's environment, read here and nowhere else in shared/ and functions/. Lambda gets
// it from the CDK stack; `npm start` and the tests set it before the first import of a handler.
//
// Two kinds of value:
// - config(): values with a real default (region, issuer, cache times...) or that may be absent,
//   parsed once per container;
// - requireConfig(...names): values with no default (a bucket, a queue URL, a secret id). Reading one
//   that is not set throws an error naming its variable, instead of going on with ''. A function
//   declares those it cannot run without with needsConfig(...) at module level, so in Lambda it
//   fails at its own cold start on what it needs, not on what other functions need.
// A few values change per invocation or are credentials: they have their own readers below.
import { queues, type QueueName } from '#shared/queues';

export interface Config {
  tableName: string;
  region: string;
  /** Set only outside AWS (DynamoDB Local). */
  dynamoEndpoint: string | undefined;
  /** Set only outside AWS: the Bedrock runtime simulator's URL (BEDROCK_ENDPOINT, infra/local/simulators/bedrock.ts). */
  bedrockEndpoint: string | undefined;
  /** `aws` in Lambda; `local` under `npm start` and the integration tests. */
  runtime: 'aws' | 'local';
  version: string;
  commit: string;
  buildTime: string;
  /** When set, GET /api/status shows runtime metrics only to callers presenting it in X-Status-Token. */
  statusToken: string | undefined;
  /** The contact form's recipient and SES sender; without a sender the deployment chose no e-mail (infra/app.ts). */
  adminEmail: string | undefined;
  mailFrom: string | undefined;
  crlKey: string;
  /**
   * The signing-key secret. The default names the local stand-in's file; in Lambda the secrets
   * adapter needs the variable itself (needsConfig('signingKeySecretId'), shared/adapters/index.ts).
   */
  signingKeySecretId: string;
  /** The public key set that verifies JWTs (the verifiers read only this one); the default names the local stand-in's file. */
  verificationKeySecretId: string;
  /**
   * Where the applications' provider secrets live: secret `<prefix>/<aplicacaoId>/<block>.<field>`
   * (shared/providers/secrets.ts). The stack sets it per stack; the default serves the local run.
   */
  providerSecretPrefix: string;
  /** The agent CA's secret {certPem, privateKeyPkcs8Pem} (shared/ca/ca-secret.ts): only where certificates or CRLs are issued. */
  agentCaSecretId: string;
  /** Prefix of the integrations' secrets (shared/secrets/integrations.ts). */
  integrationSecretPrefix: string;
  /**
   * Prefix of the webhooks' secrets (shared/secrets/webhooks.ts): an outbound webhook's signing key
   * `<prefix>/<aplicacaoId>/saida-<id>`, an inbound subscription's HMAC key `<prefix>/<aplicacaoId>/entrada-<id>`.
   */
  webhookSecretPrefix: string;
  /** `iss` of every JWT the service issues, and the audiences it checks. */
  issuer: string;
  accessTokenAudience: string;
  portalAudience: string;
  /** Where the scheduled function reads the USD->BRL rate (a local fixture under `npm start`). */
  exchangeRateUrl: string;
  /** The RFC 3161 time-stamp authority the stamping worker asks (a loopback TSA under `npm start`; docs/stamps.md). */
  tsaUrl: string;
  /** The TSA's CA (PEM): when set, a token's signer must chain to it. */
  tsaCaPem: string | undefined;
  /** How long the worker waits for the TSA's answer. */
  tsaTimeoutMs: number;
  /** How long the agent authorizer keeps a parsed CRL (never past its nextUpdate). */
  agentCrlCacheSeconds: number;
  /** How long a login stays locked after repeated failures. */
  loginLockSeconds: number;
  /** Folder holding the local stand-ins (CRL bucket, outbox, signing key) under `npm start`. */
  localDir: string;
  /** The service's public URL (PUBLIC_BASE_URL, without a trailing slash); provider_a's status callback is built on it. */
  publicBaseUrl: string | undefined;
  /** The operator's provider_b price table, raw (PROVIDER_B_PRICES_USD="MARKETING=0.0625,..."); parsed by the domain. */
  providerBPricesUsd: string | undefined;
  /**
   * The outbound webhooks' retry schedule, raw (WEBHOOK_RETRY_SCHEDULE="0,5s,5m,30m,2h,5h,10h,10h");
   * unset means Svix's schedule. Parsed by the domain's parseRetrySchedule where it is used (the
   * outbound-webhooks consumer), so this module, which every function loads, stays free of it.
   */
  webhookRetrySchedule: string | undefined;
  /** How long one delivery attempt may take before it counts as failed (WEBHOOK_TIMEOUT_MS, default 15 s). */
  webhookTimeoutMs: number;
  /**
   * The words that make a patient's message ask for a human (ESCALATION_WORDS="atendente,humano"), raw;
   * unset means the domain's default list (shared/domain/attendances.ts escalationWords).
   */
  escalationWords: string | undefined;
  /**
   * The SNS platform applications of the push notifications (stack context pushAndroidArn / pushIosArn, docs/app-chat.md):
   * PUSH_ANDROID_APP_ARN, PUSH_IOS_APP_ARN. A platform without one takes no device (503).
   */
  pushApplications: { android: string | undefined; ios: string | undefined };
  /** The communication flow's default timings (FLOW_REMINDER_LEAD_SECONDS, FLOW_NO_REPLY_SECONDS): an application's own settings win. */
  flowTimings: { lembreteAntesSegundos: number; semRespostaSegundos: number };
  /** How long an appointment the balance could not pay for waits before the flow tries again (FLOW_BALANCE_RETRY_SECONDS, default 300). */
  flowBalanceRetrySeconds: number;
  /** How long a campaign worker's hold lasts before another may take the campaign over (CAMPAIGN_HOLD_SECONDS, default 60). */
  campaignHoldSeconds: number;
  /** How long a campaign worker sends before it lets the campaign go and queues its next slice (CAMPAIGN_SLICE_SECONDS, default 20). */
  campaignSliceSeconds: number;
  /** Port of the Parameters and Secrets extension on localhost (the layer sets it; 2773 by default). */
  secretsExtensionPort: number;
  /** `service` of every log line (POWERTOOLS_SERVICE_NAME, the variable Powertools reads for the same key). */
  serviceName: string;
  /** Lambda's own variables: unset outside Lambda. */
  functionName: string | undefined;
  /** AWS_LAMBDA_FUNCTION_MEMORY_SIZE as a positive number of MB. */
  lambdaMemoryMb: number | undefined;
  /** AWS_LAMBDA_INITIALIZATION_TYPE: `on-demand`, `provisioned-concurrency` or `snap-start`. */
  initializationType: string | undefined;
  /** Running as a Lambda function (not `npm start`, not a test): where needsConfig checks at once. */
  inLambda: boolean;
}

/** Each queue's URL (shared/queues.ts), as a required value named `<queue>QueueUrl`. */
type QueueUrlName = `${QueueName}QueueUrl`;

/** The required value holding a queue's URL. */
export const queueUrlName = (queue: QueueName): QueueUrlName => `${queue}QueueUrl`;

/** The values with no default, and the variable each is read from. */
export const requiredVariables = {
  crlBucket: 'CRL_BUCKET',
  signingKeySecretId: 'SIGNING_KEY_SECRET_ID',
  verificationKeySecretId: 'VERIFICATION_KEY_SECRET_ID',
  providerSecretPrefix: 'PROVIDER_SECRET_PREFIX',
  integrationSecretPrefix: 'INTEGRATION_SECRET_PREFIX',
  webhookSecretPrefix: 'WEBHOOK_SECRET_PREFIX',
  placeIndexName: 'PLACE_INDEX_NAME',
  /** The model (a foundation model or an inference profile id) and the guardrail every call goes through (docs/ai.md). */
  modelId: 'MODEL_ID',
  guardrailId: 'GUARDRAIL_ID',
  guardrailVersion: 'GUARDRAIL_VERSION',
  ...(Object.fromEntries(Object.entries(queues).map(([queue, q]) => [queueUrlName(queue as QueueName), q.urlVariable])) as Record<
    QueueUrlName,
    string
  >),
};

export type RequiredName = keyof typeof requiredVariables;

let cached: { config: Config; required: Partial<Record<RequiredName, string>> } | undefined;

const nonNegative = (raw: string | undefined, fallback: number): number => {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

const positive = (raw: string | undefined): number | undefined => {
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

function load() {
  if (cached) return cached;
  const env = process.env;
  const runtime = env.PLATFORM_RUNTIME === 'local' ? 'local' : 'aws';
  const functionName = env.AWS_LAMBDA_FUNCTION_NAME || undefined;
  const required: Partial<Record<RequiredName, string>> = {};
  for (const [name, variable] of Object.entries(requiredVariables) as [RequiredName, string][]) {
    const value = env[variable]?.trim();
    if (value) required[name] = value;
  }
  const config: Config = {
    tableName: env.TABLE_NAME ?? 'whatsapp-platform',
    region: env.AWS_REGION ?? 'us-east-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    bedrockEndpoint: env.BEDROCK_ENDPOINT || undefined,
    runtime,
    version: env.APP_VERSION ?? '0.0.0',
    commit: env.APP_COMMIT ?? 'unknown',
    buildTime: env.APP_BUILD_TIME ?? 'unknown',
    statusToken: env.STATUS_TOKEN || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    crlKey: env.CRL_KEY ?? 'crl/agent-ca.crl',
    signingKeySecretId: env.SIGNING_KEY_SECRET_ID ?? 'signing-keys',
    verificationKeySecretId: env.VERIFICATION_KEY_SECRET_ID ?? 'verification-keys',
    providerSecretPrefix: env.PROVIDER_SECRET_PREFIX ?? 'provedores',
    integrationSecretPrefix: env.INTEGRATION_SECRET_PREFIX ?? 'integracoes',
    webhookSecretPrefix: env.WEBHOOK_SECRET_PREFIX ?? 'webhooks',
    agentCaSecretId: env.AGENT_CA_SECRET_ID ?? 'agent-ca',
    issuer: env.TOKEN_ISSUER ?? 'urn:whatsapp-platform',
    accessTokenAudience: env.ACCESS_TOKEN_AUDIENCE ?? 'urn:whatsapp-platform:api',
    portalAudience: env.PORTAL_AUDIENCE ?? 'urn:whatsapp-platform:portal',
    localDir: env.LOCAL_DIR ?? '.local',
    exchangeRateUrl: env.EXCHANGE_RATE_URL ?? 'https://economia.awesomeapi.com.br/json/last/USD-BRL',
    tsaUrl: env.TSA_URL || 'https://freetsa.org/tsr',
    tsaCaPem: env.TSA_CA_PEM?.trim() || undefined,
    tsaTimeoutMs: positive(env.TSA_TIMEOUT_MS) ?? 10_000,
    agentCrlCacheSeconds: nonNegative(env.AGENT_CRL_CACHE_SECONDS, 60),
    loginLockSeconds: nonNegative(env.LOGIN_LOCK_SECONDS, 15 * 60) || 15 * 60,
    publicBaseUrl: env.PUBLIC_BASE_URL?.replace(/\/+$/, '') || undefined,
    providerBPricesUsd: env.PROVIDER_B_PRICES_USD,
    webhookRetrySchedule: env.WEBHOOK_RETRY_SCHEDULE?.trim() || undefined,
    webhookTimeoutMs: positive(env.WEBHOOK_TIMEOUT_MS) ?? 15_000,
    flowTimings: {
      lembreteAntesSegundos: nonNegative(env.FLOW_REMINDER_LEAD_SECONDS, 24 * 3600),
      semRespostaSegundos: positive(env.FLOW_NO_REPLY_SECONDS) ?? 48 * 3600,
    },
    flowBalanceRetrySeconds: positive(env.FLOW_BALANCE_RETRY_SECONDS) ?? 300,
    campaignHoldSeconds: positive(env.CAMPAIGN_HOLD_SECONDS) ?? 60,
    campaignSliceSeconds: positive(env.CAMPAIGN_SLICE_SECONDS) ?? 20,
    escalationWords: env.ESCALATION_WORDS?.trim() || undefined,
    pushApplications: { android: env.PUSH_ANDROID_APP_ARN || undefined, ios: env.PUSH_IOS_APP_ARN || undefined },
    secretsExtensionPort: Number(env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT ?? 2773),
    serviceName: env.POWERTOOLS_SERVICE_NAME || 'whatsapp-platform',
    functionName,
    lambdaMemoryMb: positive(env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE),
    initializationType: env.AWS_LAMBDA_INITIALIZATION_TYPE || undefined,
    inLambda: functionName !== undefined && runtime === 'aws',
  };
  return (cached = { config, required });
}

export const config = (): Config => load().config;

/** Error naming every missing variable. */
export class MissingConfigError extends Error {
  constructor(readonly variables: string[]) {
    super(`missing configuration: ${variables.join(', ')} ${variables.length === 1 ? 'is' : 'are'} not set`);
    this.name = 'MissingConfigError';
  }
}

/** The values named, each set and not empty; otherwise throws a MissingConfigError naming their variables. */
export function requireConfig<K extends RequiredName>(...names: K[]): Record<K, string> {
  const { required } = load();
  const missing = names.filter((name) => required[name] === undefined);
  if (missing.length > 0) throw new MissingConfigError(missing.map((name) => requiredVariables[name]));
  return Object.fromEntries(names.map((name) => [name, required[name]])) as Record<K, string>;
}

/**
 * Declares, at module level of a function's code, the values it cannot run without. In Lambda they
 * are checked at once, so a missing one fails the cold start (INIT) with its variable's name; under
 * `npm start` and in tests, which install their own adapters and set only what they use, the
 * value is checked where it is read (requireConfig).
 */
export function needsConfig(...names: RequiredName[]): void {
  if (config().inLambda) requireConfig(...names);
}

/** For tests and the local runner that change the environment after a first read. */
export const resetConfig = (): void => {
  cached = undefined;
};

// Read on every call, never cached:

/** LOG_LEVEL, read per log line so tests (and a debugging operator) can change it without a reset. */
export const logLevel = (): string | undefined => process.env.LOG_LEVEL;

/** The function's session token (the secrets extension wants it). A credential: kept out of config(), which may be logged. */
export const awsSessionToken = (): string => process.env.AWS_SESSION_TOKEN ?? '';

/** `_X_AMZN_TRACE_ID`, which Lambda sets anew before every invocation. */
export const xrayTraceHeader = (): string | undefined => process.env._X_AMZN_TRACE_ID || undefined;

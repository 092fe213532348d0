// Environment, read once per container. Lambda gets these from the CDK stack;
// `npm start` and the tests set them before the first import of a handler.

export interface Config {
  tableName: string;
  region: string;
  /** Set only outside AWS (DynamoDB Local). */
  dynamoEndpoint: string | undefined;
  /** `aws` in Lambda; `local` under `npm start` and the integration tests. */
  runtime: 'aws' | 'local';
  version: string;
  commit: string;
  buildTime: string;
  /** When set, GET /api/status shows runtime metrics only to callers presenting it in X-Status-Token. */
  statusToken: string | undefined;
  adminEmail: string;
  mailFrom: string;
  crlBucket: string;
  crlKey: string;
  signingKeySecretId: string;
  /** `iss` of every JWT the service issues, and the audiences it checks. */
  issuer: string;
  accessTokenAudience: string;
  portalAudience: string;
  queueUrls: { inbound: string; status: string; outboundWebhooks: string };
  /** Where the scheduled function reads the USD->BRL rate (a local fixture under `npm start`). */
  exchangeRateUrl: string;
  /** How long the agent authorizer keeps a parsed CRL (never past its nextUpdate). */
  agentCrlCacheSeconds: number;
  /** How long a login stays locked after repeated failures. */
  loginLockSeconds: number;
  /** Folder holding the local stand-ins (CRL bucket, outbox, signing key) under `npm start`. */
  localDir: string;
}

let cached: Config | undefined;

const nonNegative = (raw: string | undefined, fallback: number): number => {
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

export function config(): Config {
  if (cached) return cached;
  const env = process.env;
  cached = {
    tableName: env.TABLE_NAME ?? 'whatsapp-platform',
    region: env.AWS_REGION ?? 'us-east-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    runtime: env.PLATFORM_RUNTIME === 'local' ? 'local' : 'aws',
    version: env.APP_VERSION ?? '0.0.0',
    commit: env.APP_COMMIT ?? 'unknown',
    buildTime: env.APP_BUILD_TIME ?? 'unknown',
    statusToken: env.STATUS_TOKEN || undefined,
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    mailFrom: env.MAIL_FROM ?? 'no-reply@example.com',
    crlBucket: env.CRL_BUCKET ?? '',
    crlKey: env.CRL_KEY ?? 'crl/agent-ca.crl',
    signingKeySecretId: env.SIGNING_KEY_SECRET_ID ?? 'signing-keys',
    issuer: env.TOKEN_ISSUER ?? 'urn:whatsapp-platform',
    accessTokenAudience: env.ACCESS_TOKEN_AUDIENCE ?? 'urn:whatsapp-platform:api',
    portalAudience: env.PORTAL_AUDIENCE ?? 'urn:whatsapp-platform:portal',
    queueUrls: {
      inbound: env.INBOUND_QUEUE_URL ?? '',
      status: env.STATUS_QUEUE_URL ?? '',
      outboundWebhooks: env.OUTBOUND_WEBHOOK_QUEUE_URL ?? '',
    },
    localDir: env.LOCAL_DIR ?? '.local',
    exchangeRateUrl: env.EXCHANGE_RATE_URL ?? 'https://economia.awesomeapi.com.br/json/last/USD-BRL',
    agentCrlCacheSeconds: nonNegative(env.AGENT_CRL_CACHE_SECONDS, 60),
    loginLockSeconds: nonNegative(env.LOGIN_LOCK_SECONDS, 15 * 60) || 15 * 60,
  };
  return cached;
}

/** For tests and the local runner that change the environment after a first read. */
export const resetConfig = (): void => {
  cached = undefined;
};

// The whole service on one machine, no AWS account: DynamoDB Local, the local gateway in
// front of the real authorizer and group handlers, in-process queues feeding the real
// consumers, the scheduler, and folder/file stand-ins for S3, SES and Secrets Manager, all
// under one data folder (.local by default). `npm start` (infra/local/start.ts) and the
// integration tests start it through startLocalService. One service per process: it sets
// process.env and installs the adapters for the handlers it runs.
import { buildConsole } from '#console/build';
import { CONSOLE_PATH } from '#infra/console-headers';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { addAgentToSandbox, startAgentTls, type AgentTls } from '#infra/local/agent-tls';
import { seedAgentIntegration } from '#infra/local/seed-integrations';
import { assertJava, dropTable, ensureTable, startDynamoLocal, type DynamoLocal } from '#infra/local/dynamo';
import { createGateway, type Gateway, type GatewayOptions } from '#infra/local/gateway';
import { repoRoot } from '#infra/local/handlers';
import { guardAdapters, guardDynamo, IamGuard, runningFunction } from '#infra/local/iam-guard';
import { scopeCachesBy } from '#shared/cache';
import { startQueueRunner, type QueueRunner, type QueueRunnerOptions } from '#infra/local/queues';
import { startScheduler, type Scheduler } from '#infra/local/scheduler';
import { startStreamPoller, type StreamPoller } from '#infra/local/streams';
import { scheduledFunctions } from '#infra/functions';
import { queues as queueDeclarations } from '#shared/queues';
import { startExchangeRateFixture, type ExchangeRateFixture } from '#infra/local/simulators/exchange-rate';
import { startBedrockSimulator, type BedrockSimulator } from '#infra/local/simulators/bedrock';
import { startTsaSimulator, type TsaSimulator } from '#infra/local/simulators/tsa';
import { defaultModelId, modelChoice } from '#infra/model';
import { seedAll, sandboxFile, type Sandbox } from '#infra/local/seed';
import { addWebhookToSandbox, startWebhookReceiver, type WebhookReceiver } from '#infra/local/webhook-receiver';
import {
  addSimulatorsToSandbox,
  pointSandboxAtSimulators,
  startSimulators,
  type SimulatorOptions,
  type Simulators,
} from '#infra/local/simulators/index';
import { resetAdapters, useAdapters } from '#shared/adapters/index';
import { bedrockModel } from '#shared/adapters/aws/bedrock';
import { folderBlobs } from '#shared/adapters/local/blobs';
import { localGeocoder } from '#shared/adapters/local/geocoder';
import { outboxMail } from '#shared/adapters/local/mail';
import { LocalQueues } from '#shared/adapters/local/queue';
import { fileSecrets } from '#shared/adapters/local/secrets';
import { outboxWhatsApp } from '#shared/adapters/local/whatsapp';
import { outboxPush } from '#shared/adapters/local/push';
import { generateSigningKeyJwk, parseSigningKeySet, resetSigningKeys } from '#shared/auth/signing-keys';
import { resetVerificationKeys, verificationKeySetOf } from '#shared/auth/verification-keys';
import { resetCrlCache } from '#shared/ca/crl-check';
import { loadAgentCa } from '#shared/ca/revoke';
import { config, resetConfig } from '#shared/config';
import { dynamoAdminApplicationRepository } from '#shared/db/admin-applications';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { inspectDbClients, resetDb } from '#shared/db/client';
import { moveProviderSecrets } from '#shared/domain/admin-applications';
import { dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { inboundWebhookSecrets, moveWebhookSecrets, outboundWebhookSecrets } from '#shared/secrets/webhooks';
import { providerSecretStore, resetProviderSecrets } from '#shared/providers/secrets';
import type { RateLimit } from '#infra/constructs/rate-limits';

export type { Sandbox } from '#infra/local/seed';

export const LOCAL_TABLE_NAME = 'whatsapp-platform-local';

export interface LocalServiceOptions {
  /** Build the console (console/build.ts) into <dataDir>/console and serve it at /console/; default true. */
  console?: boolean;
  /** Port of the gateway on 127.0.0.1; 0 picks a free one. Default 3000. */
  port?: number;
  /** The web ACL's rate limits the gateway enforces (`npm start`: the stack's, or RATE_LIMITS); default none (tests, bench). */
  rateLimits?: readonly RateLimit[];
  /** Port of the agent channel's mutual-TLS endpoint (infra/local/agent-tls.ts); 0 (default) picks a free one. */
  agentPort?: number;
  /** Folder of everything the local run keeps. Default `.local`. */
  dataDir?: string;
  /** Wipe the data folder and start empty before seeding. */
  fresh?: boolean;
  /** DynamoDB Local in memory (tests): nothing survives stop(). */
  inMemory?: boolean;
  /**
   * A DynamoDB Local already running (the tests' one, warmed up) and a table of the service's own in it,
   * instead of starting a Java process; stop() deletes the table and leaves the process running.
   */
  sharedDynamo?: { endpoint: string; tableName: string };
  /** No per-request log line and no banner. */
  quiet?: boolean;
  /** Run the scheduled functions (default true). */
  schedules?: boolean;
  /** Queue behaviour: visibility timeout (default 1 s) and receives before the dead-letter queue (default 3). */
  queues?: Pick<QueueRunnerOptions, 'visibilityTimeoutMs' | 'maxReceiveCount' | 'consumer'>;
  /** Port of the local webhook receiver on 127.0.0.1 (infra/local/webhook-receiver.ts); 0 (default) picks a free one. */
  webhookReceiverPort?: number;
  /** The provider_a / provider_b simulators: ports (default 0, a free one; npm start uses 3101/3102), callback delays and order. */
  simulators?: SimulatorOptions;
  /** Port of the Bedrock runtime simulator on 127.0.0.1 (infra/local/simulators/bedrock.ts); 0 (default) picks a free one, npm start uses 3104. */
  bedrockPort?: number;
  /** Port of the RFC 3161 TSA on 127.0.0.1 (infra/local/simulators/tsa.ts); 0 (default) picks a free one, npm start uses 3105. */
  tsaPort?: number;
  /** Sees every answer the gateway gives to a matched route (the tests' contract check). */
  observe?: GatewayOptions['observe'];
  /** The group functions' timeout instead of their own 15 s (the integration tests' fixture; GatewayOptions). */
  groupTimeoutMs?: number;
}

export interface LocalService {
  baseUrl: string;
  /** `<baseUrl>/console/` when the console is served. */
  consoleUrl: string | undefined;
  /** `https://127.0.0.1:<port>` of the agent channel (client certificate in sandbox.agent). */
  agentUrl: string;
  sandbox: Sandbox;
  /** Absolute path of the data folder. */
  dataDir: string;
  sandboxFile: string;
  tableName: string;
  dynamoEndpoint: string;
  /** Process id of DynamoDB Local's Java process. */
  dynamoPid: number | undefined;
  queues: QueueRunner;
  /** The table's change stream handed to its followers (drained(): everything written so far has been followed). */
  streams: StreamPoller;
  /** The provider simulators the sandbox applications send through (their logs: sent(), callbacks()). */
  simulators: Simulators;
  /** The receiver of demo's sandbox webhook: every delivery it got is a file in its folder. */
  webhookReceiver: WebhookReceiver;
  /** The exchange-rate source of the scheduled function (a loopback fixture; tests can make it fail). */
  exchangeRateSource: ExchangeRateFixture;
  /** The Bedrock runtime the model adapter calls (BEDROCK_ENDPOINT): a deterministic simulator (docs/ai.md). */
  bedrock: BedrockSimulator;
  /** The time-stamp authority the stamping worker asks (TSA_URL; docs/stamps.md); its CA is sandbox.json's tsa.caPem. */
  tsa: TsaSimulator;
  stop(): Promise<void>;
}

/** The folders under the data folder. */
export const localPaths = (dataDir: string) => ({
  dynamodb: path.join(dataDir, 'dynamodb'),
  bucket: path.join(dataDir, 'bucket'),
  outbox: path.join(dataDir, 'outbox'),
  secrets: path.join(dataDir, 'secrets'),
  dlq: path.join(dataDir, 'dlq'),
  webhooks: path.join(dataDir, 'webhooks'),
  console: path.join(dataDir, 'console'),
  sandbox: sandboxFile(dataDir),
});

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'unknown';
  }
}

const packageVersion = (): string => (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

/** Empties the data folder; refuses a folder that looks like a project or a home (it would hold package.json or .git). */
async function wipe(dataDir: string): Promise<void> {
  const exists = await stat(dataDir).then(
    (s) => s.isDirectory(),
    () => false,
  );
  if (!exists) return;
  const entries = await readdir(dataDir);
  if (entries.includes('package.json') || entries.includes('.git') || path.parse(dataDir).root === dataDir) {
    throw new Error(`refusing to wipe ${dataDir}: it does not look like a local data folder`);
  }
  await Promise.all(entries.map((entry) => rm(path.join(dataDir, entry), { recursive: true, force: true })));
}

/** How often the appointment sweep runs under `npm start` (every minute in AWS). */
export const LOCAL_SWEEP_SECONDS = 5;

export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const dataDir = path.resolve(options.dataDir ?? '.local');
  const paths = localPaths(dataDir);
  assertJava(); // before anything is wiped or started

  if (options.fresh) await wipe(dataDir);
  await mkdir(paths.dynamodb, { recursive: true });

  let dynamo: DynamoLocal | undefined;
  let gateway: Gateway | undefined;
  let agentTls: AgentTls | undefined;
  let runner: QueueRunner | undefined;
  let scheduler: Scheduler | undefined;
  let streams: StreamPoller | undefined;
  let simulators: Simulators | undefined;
  let exchangeRateSource: ExchangeRateFixture | undefined;
  let bedrock: BedrockSimulator | undefined;
  let tsa: TsaSimulator | undefined;
  let webhookReceiver: WebhookReceiver | undefined;
  let markReady!: () => void;
  let failReady!: (error: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  ready.catch(() => undefined);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      await agentTls?.close();
      await gateway?.close();
      await scheduler?.stop();
      await runner?.stop();
      await streams?.stop();
      await simulators?.stop();
      if (options.sharedDynamo) await dropTable(options.sharedDynamo.endpoint, options.sharedDynamo.tableName);
      else await dynamo?.stop();
      await exchangeRateSource?.close();
      await bedrock?.stop();
      await tsa?.stop();
      await webhookReceiver?.close();
      resetAdapters();
      inspectDbClients(undefined);
      resetSigningKeys();
      resetVerificationKeys();
      resetDb();
      resetCrlCache();
    })());

  try {
    const consoleDir = options.console === false ? undefined : paths.console;
    [dynamo] = await Promise.all([
      options.sharedDynamo
        ? { endpoint: options.sharedDynamo.endpoint, pid: undefined, stop: async () => undefined }
        : startDynamoLocal(options.inMemory ? {} : { dataDir: paths.dynamodb }),
      consoleDir ? buildConsole(consoleDir) : undefined,
    ]);

    gateway = createGateway({
      ready,
      quiet: options.quiet,
      rateLimits: options.rateLimits,
      observe: options.observe,
      groupTimeoutMs: options.groupTimeoutMs,
      consoleDir,
    });
    const baseUrl = await gateway.listen(options.port ?? 3000);
    exchangeRateSource = await startExchangeRateFixture();
    const env = process.env;
    // The model the functions call, served by the Bedrock simulator behind the stack's guardrail under a local id.
    const modelId = env.MODEL_ID || defaultModelId(env.AWS_REGION ?? 'us-east-1');
    modelChoice(modelId); // a MODEL_ID the IAM guard could not grant fails the start, naming what to give
    bedrock = await startBedrockSimulator({ port: options.bedrockPort ?? 0, models: [modelId] });
    tsa = await startTsaSimulator({ port: options.tsaPort ?? 0 });

    env.TABLE_NAME = options.sharedDynamo?.tableName ?? LOCAL_TABLE_NAME;
    env.DYNAMODB_ENDPOINT = dynamo.endpoint;
    env.PLATFORM_RUNTIME = 'local';
    env.LOCAL_DIR = dataDir;
    env.APP_VERSION = packageVersion();
    env.APP_COMMIT = gitCommit();
    env.APP_BUILD_TIME = new Date().toISOString();
    env.AWS_REGION ??= 'us-east-1';
    // The contact form's mail goes to the outbox, from and to these addresses (the stack's mail choice, infra/app.ts).
    env.MAIL_FROM ??= 'no-reply@example.com';
    env.ADMIN_EMAIL ??= 'admin@example.com';
    env.CRL_BUCKET ??= 'local-bucket';
    for (const [name, queue] of Object.entries(queueDeclarations)) env[queue.urlVariable] = `local://queue/${name}`;
    // Short flow timings, so the whole appointment flow plays out in a minute (docs/appointment-flow.md).
    env.FLOW_REMINDER_LEAD_SECONDS ??= '30';
    env.FLOW_NO_REPLY_SECONDS ??= '30';
    env.FLOW_BALANCE_RETRY_SECONDS ??= '10';
    // The service's public URL (provider_a's StatusCallback is built on it).
    env.PUBLIC_BASE_URL = baseUrl;
    // The tokens' issuer is that URL too, as on AWS: RFC 8414 clients find the metadata under it.
    env.TOKEN_ISSUER = baseUrl;
    env.EXCHANGE_RATE_URL = exchangeRateSource.url; // the scheduled function reads the fixture
    env.BEDROCK_ENDPOINT = bedrock.url; // the model adapter (shared/adapters/aws/bedrock.ts) calls the simulator
    env.MODEL_ID = modelId;
    env.GUARDRAIL_ID = bedrock.guardrail.id;
    env.GUARDRAIL_VERSION = bedrock.guardrail.version;
    // The stamping worker asks the loopback TSA and checks its tokens' chain to its CA (docs/stamps.md).
    env.TSA_URL = tsa.url;
    env.TSA_CA_PEM = tsa.caPem;
    resetConfig();
    resetDb();
    resetSigningKeys();
    resetVerificationKeys();
    resetProviderSecrets();
    resetCrlCache();

    const queues = new LocalQueues();
    const secrets = fileSecrets(paths.secrets);
    // Each function's AWS calls pass its role's grants, as on AWS (IAM_USAGE_FILE records what they used).
    const guard = new IamGuard({ usageFile: env.IAM_USAGE_FILE || undefined });
    inspectDbClients((client) => guardDynamo(client, guard));
    scopeCachesBy(runningFunction);
    resetAdapters();
    useAdapters(
      guardAdapters(
        {
          queue: queues,
          mail: outboxMail(paths.outbox),
          blobs: folderBlobs(paths.bucket),
          secrets,
          secretStore: secrets,
          whatsapp: outboxWhatsApp(paths.outbox),
          push: outboxPush(paths.outbox),
          geocoder: localGeocoder(),
          // The AWS adapter itself, pointed at the simulator: the code that runs locally is the code that runs on AWS.
          model: bedrockModel(),
        },
        guard,
        { secret: (id) => secrets.has(id) },
      ),
    );

    const { signingKeySecretId, verificationKeySecretId, tableName } = config();
    if (!(await secrets.has(signingKeySecretId))) {
      await secrets.put(signingKeySecretId, JSON.stringify({ keys: [await generateSigningKeyJwk()] }, null, 2));
    }
    // The verifiers read only the public half, as in AWS (the bootstrap publishes it there).
    await secrets.put(verificationKeySecretId, verificationKeySetOf(parseSigningKeySet(await secrets.get(signingKeySecretId))));
    await ensureTable(dynamo.endpoint, tableName);
    // The table's change stream, as the Lambda event source mapping hands it to the stream followers.
    streams = await startStreamPoller({ endpoint: dynamo.endpoint, tableName });
    // A data folder from before the secret store: its provider secrets move out of the table, as `npm run bootstrap` does in AWS.
    await moveProviderSecrets(dynamoAdminApplicationRepository(), providerSecretStore(), new Date());
    // And so do its webhooks' signing keys and its inbound subscriptions' HMAC keys.
    await moveWebhookSecrets({
      applications: dynamoApplicationRepository(),
      webhooks: dynamoWebhookSubscriptionRepository(),
      outbound: outboundWebhookSecrets(),
      inbound: inboundWebhookSecrets(),
    });
    const sandbox = await seedAll({
      repo: dynamoApplicationRepository(),
      dataDir,
      baseUrl,
      putSecret: (id, value) => secrets.put(id, value),
    });
    // The provider simulators, and the sandbox applications pointed at their (possibly new) ports.
    simulators = await startSimulators({ ...options.simulators, repo: dynamoApplicationRepository(), serviceBaseUrl: baseUrl });
    await pointSandboxAtSimulators(dynamoAdminApplicationRepository(), sandbox, {
      providerA: simulators.providerA.url,
      providerB: simulators.providerB.url,
    });
    await addSimulatorsToSandbox({ dataDir, sandbox, simulators, bedrock: bedrock.url, tsa: { url: tsa.url, caPem: tsa.caPem } });
    // The agent channel's mTLS port needs the agent CA, which the seed has just made sure of.
    const agentCa = await loadAgentCa();
    // The agent authorizer checks the CRL's signature with the CA's certificate, published with the public JWT keys.
    await secrets.put(
      verificationKeySecretId,
      verificationKeySetOf(parseSigningKeySet(await secrets.get(signingKeySecretId)), agentCa.certPem),
    );
    agentTls = await startAgentTls({ gateway, ca: agentCa, port: options.agentPort ?? 0 });
    const { aplicacaoId, integracaoId } = await seedAgentIntegration(sandbox);
    await addAgentToSandbox({
      dataDir,
      sandbox,
      ca: agentCa,
      tls: agentTls,
      integration: { aplicacao: 'demo', aplicacaoId, integracaoId },
    });
    // The provider's end of the outbound webhooks: demo's sandbox webhook points at this receiver.
    webhookReceiver = await startWebhookReceiver({ dir: paths.webhooks, port: options.webhookReceiverPort ?? 0 });
    await addWebhookToSandbox({ dataDir, sandbox, receiver: webhookReceiver });

    runner = startQueueRunner({ queues, dlqDir: paths.dlq, ...options.queues });
    // The flow's sweep every 5 s instead of every minute, so the short timings show.
    const sweep = { ...scheduledFunctions.appointmentSweep, rateMinutes: LOCAL_SWEEP_SECONDS / 60 };
    if (options.schedules !== false) scheduler = startScheduler({ functions: { ...scheduledFunctions, appointmentSweep: sweep } });
    markReady();

    return {
      baseUrl,
      consoleUrl: consoleDir ? `${baseUrl}${CONSOLE_PATH}` : undefined,
      agentUrl: agentTls.url,
      sandbox,
      dataDir,
      sandboxFile: paths.sandbox,
      tableName,
      dynamoEndpoint: dynamo.endpoint,
      dynamoPid: dynamo.pid,
      queues: runner,
      streams,
      simulators,
      webhookReceiver,
      exchangeRateSource,
      bedrock,
      tsa,
      stop,
    };
  } catch (error) {
    failReady(error);
    await stop().catch(() => undefined);
    throw error;
  }
}

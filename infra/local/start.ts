// `npm start`: the whole service locally (see infra/local/service.ts).
//
//   npm start                 serve on http://127.0.0.1:3000 (PORT=... to change), data in .local/
//   npm start -- --fresh      wipe .local/ first and start from an empty table
//
// The agent channel (/api/external/integracoes/**) is served with mutual TLS on
// https://127.0.0.1:3443 (PORT_AGENT=... to change); its client certificate is in sandbox.json.
//
// When ready it prints the base URL and the path of .local/sandbox.json, which holds the
// sandbox applications' credentials and fresh portal tokens. Ctrl-C (or SIGTERM) stops the
// gateway, the queues, the scheduler and DynamoDB Local. Needs Java 17+ for DynamoDB Local.
import { DEFAULT_AGENT_PORT } from '#infra/local/agent-tls';
import { JavaMissingError } from '#infra/local/dynamo';
import { startLocalService, type LocalService } from '#infra/local/service';
import { DEFAULT_WEBHOOK_RECEIVER_PORT } from '#infra/local/webhook-receiver';
import { rateLimitsFrom } from '#infra/constructs/rate-limits';

const usage = `Usage: npm start [-- --fresh]

  --fresh     wipe the local data folder (.local/) and start empty before seeding
  --help      show this help

Environment: PORT (default 3000), PORT_AGENT (agent channel mTLS, default 3443), PORT_PROVIDER_A / PORT_PROVIDER_B (provider simulators, default 3101 / 3102), PORT_WEBHOOK_RECEIVER (the sandbox webhook's receiver, default 3103), PORT_BEDROCK (the Bedrock runtime simulator, default 3104), PORT_TSA (the RFC 3161 time-stamp authority, default 3105), MODEL_ID (the model it serves, default the us-east-1 default of infra/model.ts), WEBHOOK_RETRY_SCHEDULE (outbound webhook retries, default 0,5s,5m,30m,2h,5h,10h,10h), LOCAL_DATA_DIR (default .local), RATE_LIMITS (the stack's per-credential limits: "off", or "per-api-key=60,..."), LOG_LEVEL (default info).`;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usage);
    return;
  }
  const unknown = args.filter((a) => a !== '--fresh');
  if (unknown.length > 0) {
    console.error(`unknown argument: ${unknown.join(' ')}\n\n${usage}`);
    process.exit(2);
  }
  const port = process.env.PORT ? Number(process.env.PORT) : 3000;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, got ${process.env.PORT}`);
    process.exit(2);
  }
  const agentPort = process.env.PORT_AGENT ? Number(process.env.PORT_AGENT) : DEFAULT_AGENT_PORT;
  if (!Number.isInteger(agentPort) || agentPort < 0 || agentPort > 65535) {
    console.error(`PORT_AGENT must be a port number, got ${process.env.PORT_AGENT}`);
    process.exit(2);
  }

  let rateLimits;
  try {
    rateLimits = rateLimitsFrom(process.env.RATE_LIMITS);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }

  const started = Date.now();
  let service: LocalService;
  try {
    service = await startLocalService({
      port,
      agentPort,
      fresh: args.includes('--fresh'),
      rateLimits,
      dataDir: process.env.LOCAL_DATA_DIR || '.local',
      webhookReceiverPort: Number(process.env.PORT_WEBHOOK_RECEIVER || DEFAULT_WEBHOOK_RECEIVER_PORT),
      bedrockPort: Number(process.env.PORT_BEDROCK || 3104),
      tsaPort: Number(process.env.PORT_TSA || 3105),
      simulators: {
        providerAPort: Number(process.env.PORT_PROVIDER_A || 3101),
        providerBPort: Number(process.env.PORT_PROVIDER_B || 3102),
      },
    });
  } catch (error) {
    if (error instanceof JavaMissingError) console.error(error.message);
    else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      console.error(
        `Port ${(error as { port?: number }).port ?? port} is already in use. Set PORT (or PORT_AGENT, PORT_PROVIDER_A, PORT_PROVIDER_B, PORT_WEBHOOK_RECEIVER, PORT_BEDROCK, PORT_TSA) to another port.`,
      );
    } else console.error(error);
    process.exit(1);
  }

  console.log(`\nLocal service ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`  Base URL:  ${service.baseUrl}`);
  if (service.consoleUrl) console.log(`  Console:   ${service.consoleUrl} (logins in the sandbox file, "console")`);
  console.log(`  Reference: ${service.baseUrl}/docs (the OpenAPI document: ${service.baseUrl}/openapi.json)`);
  console.log(`  Agent:     ${service.agentUrl} (mutual TLS; client certificate in the sandbox file, "agent")`);
  console.log(`  Sandbox:   ${service.sandboxFile}`);
  console.log(`  Providers: provider_a ${service.simulators.providerA.url}, provider_b ${service.simulators.providerB.url} (simulators)`);
  console.log(`  Model:     ${service.bedrock.url} (Bedrock runtime simulator, model ${process.env.MODEL_ID}; docs/ai.md)`);
  console.log(`  TSA:       ${service.tsa.url} (RFC 3161 time-stamp authority, its CA in sandbox.json tsa.caPem; docs/stamps.md)`);
  console.log(
    `  Webhooks:  ${service.webhookReceiver.url} receives demo's sandbox webhook; deliveries land in ${service.webhookReceiver.dir}`,
  );
  console.log(`  Try:       curl ${service.baseUrl}/api/status`);
  console.log('Press Ctrl-C to stop.\n');

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    service
      .stop()
      .then(() => {
        console.log('Stopped.');
        process.exit(0);
      })
      .catch((error) => {
        console.error('stop failed', error);
        process.exit(1);
      });
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();

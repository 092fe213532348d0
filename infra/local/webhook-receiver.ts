// A provider's webhook endpoint under `npm start`: an HTTP server on loopback that checks each
// delivery's Standard Webhooks signature with the `standardwebhooks` package (an independent
// verifier, not our signing code) and writes every delivery it receives, valid or not, as one JSON
// file in its folder (.local/webhooks/). It answers 200 to a valid delivery and 401 to any other,
// as a real receiver would. The sandbox's provider of demo has a webhook pointed here
// (addWebhookToSandbox), so an /execucao shows up as a file within seconds.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { sandboxFile, type Sandbox, type SandboxWebhooks } from '#infra/local/seed';
import { dynamoWebhookSubscriptionRepository } from '#shared/db/webhooks';
import { localDateTime } from '#shared/domain/time';
import { newSubscription, sealedSubscription, type WebhookSubscription } from '#shared/domain/outbound-webhooks/subscriptions';
import { outboundWebhookSecrets, webhookSigningSecret } from '#shared/secrets/webhooks';
import { resolveHost, webhookTargetPolicy } from '#shared/adapters/webhook-http';
import { log } from '#shared/log';

/** What the receiver wrote for one delivery. */
export interface ReceivedDelivery {
  receivedAt: string;
  /** The signature checked with one of the receiver's secrets (and a timestamp within 5 minutes). */
  verified: boolean;
  /** Why it did not verify. */
  error?: string;
  path: string;
  headers: { 'webhook-id'?: string; 'webhook-timestamp'?: string; 'webhook-signature'?: string; 'content-type'?: string };
  /** The JSON body as received (the text when it is not JSON). */
  body: unknown;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/webhooks/sandbox`: the URL the sandbox webhook points at. */
  url: string;
  port: number;
  /** The folder of the delivery files. */
  dir: string;
  /** The secrets signatures are checked with (the sandbox webhook's, once seeded). */
  setSecrets(secrets: readonly string[]): void;
  /** Every delivery file in the folder, oldest first. */
  received(): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export const WEBHOOK_RECEIVER_PATH = '/webhooks/sandbox';
/** Where the receiver listens under npm start (PORT_WEBHOOK_RECEIVER to change); tests use 0. */
export const DEFAULT_WEBHOOK_RECEIVER_PORT = 3103;

const readBody = (request: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export async function startWebhookReceiver(options: { dir: string; port?: number }): Promise<WebhookReceiver> {
  const { dir } = options;
  await mkdir(dir, { recursive: true });
  let verifiers: Webhook[] = [];
  let counter = 0;

  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') {
        response.writeHead(405, { Allow: 'POST' }).end();
        return;
      }
      const raw = await readBody(request);
      const headers = {
        'webhook-id': header(request, 'webhook-id'),
        'webhook-timestamp': header(request, 'webhook-timestamp'),
        'webhook-signature': header(request, 'webhook-signature'),
        'content-type': header(request, 'content-type'),
      };
      let verified = false;
      let error: string | undefined = verifiers.length === 0 ? 'no secret configured' : undefined;
      for (const verifier of verifiers) {
        try {
          verifier.verify(raw, headers as Record<string, string>);
          verified = true;
          error = undefined;
          break;
        } catch (e) {
          error = (e as Error).message;
        }
      }
      const text = raw.toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // kept as text
      }
      const received: ReceivedDelivery = {
        receivedAt: localDateTime(new Date()),
        verified,
        ...(error ? { error } : {}),
        path: request.url ?? '',
        headers,
        body,
      };
      // Named so that the folder lists in arrival order: time, a counter, the event id.
      const id = (headers['webhook-id'] ?? 'unknown').replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100);
      const name = `${Date.now()}-${String(++counter).padStart(4, '0')}-${id}.json`;
      await writeFile(path.join(dir, `${name}.tmp`), JSON.stringify(received, null, 2) + '\n');
      await rename(path.join(dir, `${name}.tmp`), path.join(dir, name));
      log.info('webhook receiver: delivery received', { webhookId: headers['webhook-id'], verified, file: name });
      response.writeHead(verified ? 200 : 401, { 'Content-Type': 'application/json' }).end(JSON.stringify({ recebido: verified }));
    })().catch((e: unknown) => {
      log.error('webhook receiver failed', { error: e });
      if (!response.headersSent) response.writeHead(500).end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;

  return {
    url: `http://127.0.0.1:${port}${WEBHOOK_RECEIVER_PATH}`,
    port,
    dir,
    setSecrets(secrets) {
      verifiers = secrets.map((secret) => new Webhook(secret));
    },
    async received() {
      const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(dir, f), 'utf8')) as ReceivedDelivery));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const isSandboxWebhook = (s: WebhookSubscription) => {
  try {
    return new URL(s.url).pathname === WEBHOOK_RECEIVER_PATH;
  } catch {
    return false;
  }
};

/**
 * Makes sure demo's provider has a webhook pointed at the receiver (created with a generated secret
 * the first time; re-pointed at every start, since the receiver's port may change), hands the secret
 * to the receiver and writes `webhooks` into sandbox.json.
 */
export async function addWebhookToSandbox(options: {
  dataDir: string;
  sandbox: Sandbox;
  receiver: WebhookReceiver;
}): Promise<SandboxWebhooks> {
  const { sandbox, receiver } = options;
  const demo = sandbox.applications.demo;
  const repo = dynamoWebhookSubscriptionRepository();
  const deps = { resolve: resolveHost, policy: webhookTargetPolicy() };
  const existing = (await repo.listByProvider(demo.id, demo.prestador.id)).find(isSandboxWebhook);
  let webhook: WebhookSubscription;
  let secret: string;
  if (existing) {
    webhook = existing.url === receiver.url ? existing : { ...existing, url: receiver.url, atualizadoEm: localDateTime(new Date()) };
    if (webhook !== existing) await repo.replace(await sealedSubscription(webhook, outboundWebhookSecrets()));
    secret = await webhookSigningSecret(webhook);
  } else {
    const created = await newSubscription(
      { url: receiver.url, secret: null },
      { id: await repo.newId(), aplicacaoId: demo.id, prestadorId: demo.prestador.id, at: new Date() },
      deps,
    );
    webhook = await sealedSubscription(created.subscription, outboundWebhookSecrets());
    await repo.create(webhook);
    secret = created.secret;
    log.info('sandbox webhook created', { webhookId: webhook.id, url: webhook.url });
  }
  receiver.setSecrets([secret]);
  const webhooks: SandboxWebhooks = {
    receiverUrl: receiver.url,
    receiverDir: receiver.dir,
    aplicacaoId: demo.id,
    prestadorId: demo.prestador.id,
    webhookId: webhook.id,
    secret,
  };
  sandbox.webhooks = webhooks;
  const file = sandboxFile(options.dataDir);
  await writeFile(`${file}.tmp`, JSON.stringify(sandbox, null, 2) + '\n', { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return webhooks;
}

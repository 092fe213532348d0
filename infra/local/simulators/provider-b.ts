// A sandbox of provider_b on loopback (npm start and tests): it accepts sends the way the cloud
// API does and posts signed status events to the owning application's webhook.
//
//   POST {url}/v21.0/{phoneNumberId}/messages   Authorization: Bearer <accessToken>
//     JSON {messaging_product: 'whatsapp', to: '<digits>', type: 'text', text: {body}}
//     -> 200 {messaging_product, contacts: [{input, wa_id}], messages: [{id: 'wamid.' + random}]}
//   then, in the background, JSON events to {callbackBaseUrl}/api/webhooks/whatsapp/meta/{slug}
//   with entry[].changes[].value.statuses[] {id, status sent|delivered|read, timestamp (unix
//   seconds), recipient_id, pricing (on sent and delivered)}, signed X-Hub-Signature-256 with the
//   application's app secret over the exact bytes sent. Every `outOfOrderEvery`-th message gets
//   read before delivered.
//
// Failure triggers by recipient (common.ts FAILURE_RECIPIENTS): 5500000000400 -> 400
// {error: {message: '(#100) Invalid parameter', type: 'OAuthException', code: 100}};
// 5500000000500 -> 500; 5500000000999 -> no answer for 11 s.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { providerBSignature } from '#shared/providers/signatures';
import {
  Background,
  delayOf,
  hang,
  listenLoopback,
  postCallback,
  readBody,
  sendJson,
  sleep,
  statusOrder,
  triggerOf,
  type CallbackAttempt,
  type SimulatorTiming,
} from '#infra/local/simulators/common';

export const PROVIDER_B_PREFIX = '/provider-b';
const SEND_PATH = /^(?:\/provider-b)?\/v\d+\.\d+\/([^/]+)\/messages$/;
export const metaWebhookPath = (slug: string) => `/api/webhooks/whatsapp/meta/${encodeURIComponent(slug)}`;

export interface ProviderBNumber {
  accessToken: string;
  appSecret: string;
  /** The slug of the application owning the number: its webhook is /api/webhooks/whatsapp/meta/{slug}. */
  slug: string;
  wabaId?: string;
}

export interface ProviderBSimulatorOptions extends SimulatorTiming {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** The owner of a phone number id, or undefined (read at each request). */
  phoneNumbers: (phoneNumberId: string) => Promise<ProviderBNumber | undefined>;
  /** The service the events go to (its base URL, e.g. http://127.0.0.1:3000). */
  callbackBaseUrl: string;
}

export interface ProviderBSend {
  phoneNumberId: string;
  to: string;
  body: string;
  answeredStatus: number;
  /** The wamid given, when accepted. */
  id: string | null;
  receivedAt: string;
}

export interface ProviderBSimulator {
  /** Base URL to store as providerB.baseUrl: `http://127.0.0.1:<port>/provider-b`. */
  url: string;
  port: number;
  sent(): ProviderBSend[];
  callbacks(): CallbackAttempt[];
  /** Points later events at another service base URL (tests capture them with their own server). */
  setCallbackBaseUrl(url: string): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const oauthError = (message: string, code: number) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('base64url') },
});

export async function startProviderBSimulator(options: ProviderBSimulatorOptions): Promise<ProviderBSimulator> {
  const sends: ProviderBSend[] = [];
  const callbacks: CallbackAttempt[] = [];
  const background = new Background();
  const outOfOrderEvery = options.outOfOrderEvery ?? 3;
  let callbackBaseUrl = options.callbackBaseUrl.replace(/\/+$/, '');
  let accepted = 0;

  const scheduleEvents = (input: { n: number; id: string; phoneNumberId: string; owner: ProviderBNumber; to: string }) =>
    background.run(async () => {
      for (const status of statusOrder(input.n, outOfOrderEvery)) {
        await sleep(delayOf(options));
        if (background.isStopped) return;
        const url = `${callbackBaseUrl}${metaWebhookPath(input.owner.slug)}`;
        const event = {
          object: 'whatsapp_business_account',
          entry: [
            {
              id: input.owner.wabaId ?? input.phoneNumberId,
              changes: [
                {
                  field: 'messages',
                  value: {
                    messaging_product: 'whatsapp',
                    metadata: { display_phone_number: input.phoneNumberId, phone_number_id: input.phoneNumberId },
                    statuses: [
                      {
                        id: input.id,
                        status,
                        timestamp: String(Math.floor(Date.now() / 1000)),
                        recipient_id: input.to,
                        ...(status === 'read'
                          ? {}
                          : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' } }),
                      },
                    ],
                  },
                },
              ],
            },
          ],
        };
        const body = JSON.stringify(event);
        await postCallback(
          {
            url,
            status,
            messageSid: input.id,
            headers: {
              'Content-Type': 'application/json',
              'X-Hub-Signature-256': providerBSignature(Buffer.from(body, 'utf8'), input.owner.appSecret),
            },
            body,
          },
          callbacks,
        );
      }
    });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] as string;
    const match = SEND_PATH.exec(path);
    if (!match) return sendJson(res, 404, oauthError('Unknown path components', 2500));
    if (req.method !== 'POST') return sendJson(res, 405, oauthError('Unsupported method', 100));
    const phoneNumberId = decodeURIComponent(match[1] as string);
    const raw = await readBody(req);

    const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const owner = await options.phoneNumbers(phoneNumberId);
    if (!bearer || !owner || bearer !== owner.accessToken) {
      return sendJson(res, 401, oauthError('Invalid OAuth access token - Cannot parse access token', 190));
    }

    let payload: { messaging_product?: unknown; to?: unknown; type?: unknown; text?: { body?: unknown } };
    try {
      payload = JSON.parse(raw.toString('utf8')) as typeof payload;
    } catch {
      payload = {};
    }
    const to = typeof payload.to === 'string' ? payload.to : '';
    const body = typeof payload.text?.body === 'string' ? payload.text.body : '';
    const record = (answeredStatus: number, id: string | null) =>
      sends.push({ phoneNumberId, to, body, answeredStatus, id, receivedAt: new Date().toISOString() });

    const trigger = triggerOf(to);
    if (payload.messaging_product !== 'whatsapp' || payload.type !== 'text' || !to || !body || trigger === 'rejected') {
      record(400, null);
      return sendJson(res, 400, oauthError('(#100) Invalid parameter', 100));
    }
    if (trigger === 'serverError') {
      record(500, null);
      return sendJson(res, 500, { error: { message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 } });
    }
    if (trigger === 'noAnswer') {
      record(503, null);
      await hang(res, options.hangMs ?? 11_000);
      if (!res.destroyed) sendJson(res, 503, { error: { message: 'Service temporarily unavailable', type: 'OAuthException', code: 2 } });
      return;
    }

    const waId = to.replace(/\D/g, '');
    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    record(200, id);
    sendJson(res, 200, { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: waId }], messages: [{ id }] });
    scheduleEvents({ n: ++accepted, id, phoneNumberId, owner, to: waId });
  }

  const listening = await listenLoopback(options.port ?? 0, handle);
  return {
    url: `http://127.0.0.1:${listening.port}${PROVIDER_B_PREFIX}`,
    port: listening.port,
    sent: () => [...sends],
    callbacks: () => [...callbacks],
    setCallbackBaseUrl(url) {
      callbackBaseUrl = url.replace(/\/+$/, '');
    },
    idle: () => background.idle(),
    async stop() {
      background.stop();
      await listening.close();
      await background.idle();
    },
  };
}

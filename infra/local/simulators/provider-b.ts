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
//
// The patient's side, to play a patient locally (not an API of the real provider):
//   POST {url}/simular/mensagem   JSON {slug, from, texto?, profileName?, botao?: {id, titulo}, repetir?}
//     -> an event with one message in entry[].changes[].value.messages[] (type text, or interactive
//     button_reply for `botao`; from and contacts[].wa_id as digits, metadata with the application's
//     number), signed with the application's app secret and posted to
//     {callbackBaseUrl}/api/webhooks/whatsapp/meta/{slug} `repetir` times (default 1), the same wamid
//     each time -> 200 {messageId, entregas: [status the service answered, ...]}. 400 for a bad field,
//     404 for an unknown slug.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { providerBSignature } from '#shared/providers/signatures';
import {
  BadInput,
  Background,
  delayOf,
  deliverRepeatedly,
  hang,
  listenLoopback,
  postCallback,
  readBody,
  readJsonObject,
  readPatientInput,
  sendJson,
  sleep,
  statusOrder,
  triggerOf,
  type CallbackAttempt,
  type InjectedMessage,
  type SimulatorTiming,
} from '#infra/local/simulators/common';

export const PROVIDER_B_PREFIX = '/provider-b';
const SEND_PATH = /^(?:\/provider-b)?\/v\d+\.\d+\/([^/]+)\/messages$/;
const PATIENT_PATH = /^(?:\/provider-b)?\/simular\/mensagem$/;
export const metaWebhookPath = (slug: string) => `/api/webhooks/whatsapp/meta/${encodeURIComponent(slug)}`;

export interface ProviderBNumber {
  accessToken: string;
  appSecret: string;
  /** The slug of the application owning the number: its webhook is /api/webhooks/whatsapp/meta/{slug}. */
  slug: string;
  wabaId?: string;
  /** The number as the provider displays it (E.164, written as digits in the events); the phone number id when unknown. */
  displayPhoneNumber?: string;
}

/** An application as the patient's side needs it: its provider_b number and app secret. */
export interface ProviderBApplication {
  appSecret: string;
  phoneNumberId: string;
  displayPhoneNumber?: string;
  wabaId?: string;
}

export interface ProviderBSimulatorOptions extends SimulatorTiming {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** The owner of a phone number id, or undefined (read at each request). */
  phoneNumbers: (phoneNumberId: string) => Promise<ProviderBNumber | undefined>;
  /** The service the events go to (its base URL, e.g. http://127.0.0.1:3000). */
  callbackBaseUrl: string;
  /** The patient's side (POST {url}/simular/mensagem): an application by slug. Without it that endpoint answers 404. */
  applications?: (slug: string) => Promise<ProviderBApplication | undefined>;
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
  /** Every patient's message played through /simular/mensagem, with the service's answers. */
  injected(): InjectedMessage[];
  /** Points later events at another service base URL (tests capture them with their own server). */
  setCallbackBaseUrl(url: string): void;
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const oauthError = (message: string, code: number) => ({
  error: { message, type: 'OAuthException', code, fbtrace_id: randomBytes(8).toString('base64url') },
});

/** The digits the provider writes a number with in its events (display_phone_number, wa_id, from). */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** An event of the `messages` field with one change whose value holds `value`. */
const whatsappEvent = (wabaId: string, phoneNumberId: string, displayPhoneNumber: string, value: Record<string, unknown>) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: wabaId,
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: digitsOf(displayPhoneNumber), phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
});

export async function startProviderBSimulator(options: ProviderBSimulatorOptions): Promise<ProviderBSimulator> {
  const sends: ProviderBSend[] = [];
  const callbacks: CallbackAttempt[] = [];
  const injected: InjectedMessage[] = [];
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
        const event = whatsappEvent(
          input.owner.wabaId ?? input.phoneNumberId,
          input.phoneNumberId,
          input.owner.displayPhoneNumber ?? input.phoneNumberId,
          {
            statuses: [
              {
                id: input.id,
                status,
                timestamp: String(Math.floor(Date.now() / 1000)),
                recipient_id: input.to,
                ...(status === 'read' ? {} : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' } }),
              },
            ],
          },
        );
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

  /** A patient writes to the application `slug`: a signed event with one message, posted to its webhook. */
  async function playPatient(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'method_not_allowed', message: 'POST a JSON body' });
    if (!options.applications) return sendJson(res, 404, { error: 'not_found', message: 'this simulator knows no applications' });
    let input: ReturnType<typeof readPatientInput>;
    let slug: string;
    try {
      const body = await readJsonObject(req);
      input = readPatientInput(body);
      if (typeof body.slug !== 'string' || !body.slug) throw new BadInput('slug is required');
      slug = body.slug;
      if (input.texto === undefined && !input.botao) throw new BadInput('texto or botao is required');
    } catch (error) {
      if (error instanceof BadInput) return sendJson(res, 400, { error: 'bad_request', message: error.message });
      throw error;
    }
    const app = await options.applications(slug);
    if (!app) return sendJson(res, 404, { error: 'not_found', message: `no application ${slug} uses this provider` });

    const id = `wamid.${randomBytes(24).toString('base64url')}`;
    const waId = digitsOf(input.from);
    const content = input.botao
      ? { type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: input.botao.id, title: input.botao.titulo } } }
      : { type: 'text', text: { body: input.texto ?? '' } };
    const event = whatsappEvent(app.wabaId ?? app.phoneNumberId, app.phoneNumberId, app.displayPhoneNumber ?? app.phoneNumberId, {
      contacts: [{ profile: { name: input.profileName ?? '' }, wa_id: waId }],
      messages: [{ from: waId, id, timestamp: String(Math.floor(Date.now() / 1000)), ...content }],
    });
    const body = JSON.stringify(event);
    const message = await deliverRepeatedly(
      {
        url: `${callbackBaseUrl}${metaWebhookPath(slug)}`,
        messageId: id,
        headers: {
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': providerBSignature(Buffer.from(body, 'utf8'), app.appSecret),
        },
        body,
      },
      input.repetir,
      injected,
    );
    sendJson(res, 200, { messageId: id, entregas: message.entregas });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] as string;
    if (PATIENT_PATH.test(path)) return playPatient(req, res);
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
    injected: () => [...injected],
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

// A sandbox of provider_b on loopback (npm start and tests): it accepts sends the way the cloud
// API does and posts signed status events to the owning application's webhook.
//
//   POST {url}/v21.0/{phoneNumberId}/messages   Authorization: Bearer <accessToken>
//     JSON {messaging_product: 'whatsapp', to: '<digits>', type: 'text', text: {body}}
//     -> 200 {messaging_product, contacts: [{input, wa_id}], messages: [{id: 'wamid.' + random}]}
//   then, in the background, JSON events to {callbackBaseUrl}/api/webhooks/whatsapp/meta/{slug}
//   with entry[].changes[].value.statuses[] {id, status sent|delivered|read, timestamp (unix
//   seconds), recipient_id, pricing (on sent and delivered), biz_opaque_callback_data (as sent)},
//   signed X-Hub-Signature-256 with the application's app secret over the exact bytes sent. Every `outOfOrderEvery`-th message gets
//   read before delivered.
//
// Failure triggers by recipient (common.ts FAILURE_RECIPIENTS): 5500000000400 -> 400
// {error: {message: '(#100) Invalid parameter', type: 'OAuthException', code: 100}};
// 5500000000500 -> 500; 5500000000999 -> no answer for 11 s.
//
// Templates (the review the real provider does by hand or by model, here by two rules, common.ts):
//   GET {url}/v21.0/{template id}?fields=status,rejected_reason -> {id, name, status, rejected_reason?}
//     (PENDING until the verdict is out).
//   POST {url}/v21.0/{wabaId}/message_templates   Bearer, JSON {name, language, category, components}
//     -> 200 {id, status: 'PENDING', category}; `reviewDelayMs` later (2 s by default) a signed event
//     of the field `message_template_status_update` {event: APPROVED | REJECTED, message_template_id,
//     message_template_name, message_template_language, reason} to the owner's webhook. Rejected: a
//     body with an empty variable (`{{}}`) -> INVALID_FORMAT; a UTILITY body with a marketing word
//     (promoção, desconto, oferta, grátis, cupom) -> INCORRECT_CATEGORY.
//   A send of type `template` is accepted like a text (its body recorded as `template:<name>`), and
//   a press of one of its quick-reply buttons can be played by title (below).
//
// The patient's side, to play a patient locally (not an API of the real provider):
//   POST {url}/simular/mensagem   JSON {slug, from, texto?, profileName?, botao?: {id, titulo}, repetir?}
//     -> an event with one message in entry[].changes[].value.messages[] (type text, or interactive
//     button_reply for `botao`, or `button` when `botao` has no id: with the payload of the last template
//     sent to the patient with a button of that title, or the title itself when the simulator does not know
//     one (a template reviewed before a restart); from and contacts[].wa_id as digits, metadata with the application's
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
  reviewEndsAt,
  sendJson,
  sleep,
  statusOrder,
  templateVerdict,
  triggerOf,
  type CallbackAttempt,
  type InjectedMessage,
  type SimulatorTiming,
} from '#infra/local/simulators/common';

export const PROVIDER_B_PREFIX = '/provider-b';
const SEND_PATH = /^(?:\/provider-b)?\/v\d+\.\d+\/([^/]+)\/messages$/;
const TEMPLATE_PATH = /^(?:\/provider-b)?\/v\d+\.\d+\/([^/]+)\/message_templates$/;
const TEMPLATE_STATUS_PATH = /^(?:\/provider-b)?\/v\d+\.\d+\/(\d+)$/;
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
  /** The owner of a business account (templates are submitted per account); without it templates answer 401. */
  accounts?: (wabaId: string) => Promise<ProviderBNumber | undefined>;
}

/** A template submitted for review, as the simulator judged it. */
export interface ProviderBTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  body: string;
  buttons: string[];
  verdict: 'APPROVED' | 'REJECTED';
  reason: string;
  /** When the verdict is out (epoch ms): before it, the template reads PENDING. */
  decidedAt: number;
}

export interface ProviderBSend {
  phoneNumberId: string;
  to: string;
  body: string;
  /** A template send: its name, the body's parameters and each quick-reply button's payload. */
  template?: { name: string; parameters: string[]; payloads: string[] };
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
  /** Every template submitted for review. */
  templates(): ProviderBTemplate[];
  /** Points later events at another service base URL (tests capture them with their own server). */
  setCallbackBaseUrl(url: string): void;
  /** Ends every review in progress now: the verdict's event goes out and reads answer it. */
  decideReviews(): void;
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

/** A template send's name, body parameters and button payloads, or undefined when it has no name. */
function templateOf(
  t: { name?: unknown; components?: { type?: unknown; parameters?: { text?: unknown; payload?: unknown }[] }[] } | undefined,
) {
  if (typeof t?.name !== 'string' || !t.name) return undefined;
  const components = Array.isArray(t.components) ? t.components : [];
  const parameters = components
    .filter((c) => c?.type === 'body')
    .flatMap((c) => (c.parameters ?? []).map((p) => (typeof p?.text === 'string' ? p.text : '')));
  const payloads = components
    .filter((c) => c?.type === 'button')
    .map((c) => (typeof c.parameters?.[0]?.payload === 'string' ? c.parameters[0].payload : ''));
  return { name: t.name, parameters, payloads };
}

/** Whether the request's Bearer token is the owner's access token. */
const presents = (req: IncomingMessage, owner: ProviderBNumber | undefined): owner is ProviderBNumber => {
  const bearer = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return Boolean(bearer && owner && bearer === owner.accessToken);
};

export async function startProviderBSimulator(options: ProviderBSimulatorOptions): Promise<ProviderBSimulator> {
  const sends: ProviderBSend[] = [];
  const callbacks: CallbackAttempt[] = [];
  const injected: InjectedMessage[] = [];
  const templates: ProviderBTemplate[] = [];
  /** The verdict events of reviews held until decideReviews() (reviewDelayMs 'held'), by template id. */
  const heldReviews = new Map<string, () => Promise<void>>();
  const background = new Background();
  const outOfOrderEvery = options.outOfOrderEvery ?? 3;
  let callbackBaseUrl = options.callbackBaseUrl.replace(/\/+$/, '');
  let accepted = 0;

  /** An event signed with the owner's app secret, posted to its webhook and recorded. */
  const postEvent = (owner: ProviderBNumber, status: CallbackAttempt['status'], messageSid: string, event: unknown) => {
    const body = JSON.stringify(event);
    return postCallback(
      {
        url: `${callbackBaseUrl}${metaWebhookPath(owner.slug)}`,
        status,
        messageSid,
        headers: {
          'Content-Type': 'application/json',
          'X-Hub-Signature-256': providerBSignature(Buffer.from(body, 'utf8'), owner.appSecret),
        },
        body,
      },
      callbacks,
    );
  };

  const scheduleEvents = (input: {
    n: number;
    id: string;
    phoneNumberId: string;
    owner: ProviderBNumber;
    to: string;
    /** The send's biz_opaque_callback_data, echoed in every status of the message as the provider does. */
    opaque?: string;
  }) =>
    background.run(async () => {
      for (const status of statusOrder(input.n, outOfOrderEvery)) {
        await sleep(delayOf(options));
        if (background.isStopped) return;
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
                ...(input.opaque === undefined ? {} : { biz_opaque_callback_data: input.opaque }),
                ...(status === 'read' ? {} : { pricing: { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' } }),
              },
            ],
          },
        );
        await postEvent(input.owner, status, input.id, event);
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
    // A template's button by title: its payload, or the title itself when this simulator does not know the
    // template (reviewed before a restart), as a button whose payload names no appointment.
    const pressed = input.botao && !input.botao.id ? (templateButton(waId, input.botao.titulo) ?? input.botao.titulo) : undefined;
    const content = pressed
      ? { type: 'button', button: { payload: pressed, text: input.botao?.titulo } }
      : input.botao
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

  /** The payload of the button titled `titulo` in the last template sent to `waId` that has one. */
  function templateButton(waId: string, titulo: string): string | undefined {
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
    for (const send of [...sends].reverse()) {
      if (send.to !== waId || !send.template || send.answeredStatus !== 200) continue;
      const known = templates.find((t) => t.name === send.template?.name && t.verdict === 'APPROVED');
      const index = known?.buttons.findIndex((b) => fold(b) === fold(titulo)) ?? -1;
      if (index >= 0 && send.template.payloads[index]) return send.template.payloads[index];
    }
    return undefined;
  }

  /** A template submitted for review: judged at once, the verdict posted to the owner's webhook a little later. */
  async function reviewTemplate(wabaId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const owner = await options.accounts?.(wabaId);
    if (!presents(req, owner)) {
      return sendJson(res, 401, oauthError('Invalid OAuth access token - Cannot parse access token', 190));
    }
    let payload: {
      name?: unknown;
      language?: unknown;
      category?: unknown;
      components?: { type?: unknown; text?: unknown; buttons?: { text?: unknown }[] }[];
    };
    try {
      payload = JSON.parse(raw.toString('utf8')) as typeof payload;
    } catch {
      payload = {};
    }
    const components = Array.isArray(payload.components) ? payload.components : [];
    const body = components.find((c) => c?.type === 'BODY')?.text;
    const buttons = (components.find((c) => c?.type === 'BUTTONS')?.buttons ?? []).map((b) => (typeof b?.text === 'string' ? b.text : ''));
    if (
      typeof payload.name !== 'string' ||
      typeof payload.language !== 'string' ||
      typeof payload.category !== 'string' ||
      typeof body !== 'string'
    ) {
      return sendJson(res, 400, oauthError('(#100) Invalid parameter', 100));
    }
    const { verdict, reason } = templateVerdict(body, payload.category);
    const template: ProviderBTemplate = {
      id: String(1_000_000_000_000 + templates.length * 7919 + Math.floor(Math.random() * 1000)),
      wabaId,
      name: payload.name,
      language: payload.language,
      category: payload.category,
      body,
      buttons,
      verdict,
      reason,
      decidedAt: reviewEndsAt(options.reviewDelayMs),
    };
    templates.push(template);
    sendJson(res, 200, { id: template.id, status: 'PENDING', category: template.category });
    const sendVerdict = async () => {
      if (background.isStopped) return;
      const event = {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: wabaId,
            time: Math.floor(Date.now() / 1000),
            changes: [
              {
                field: 'message_template_status_update',
                value: {
                  event: template.verdict,
                  message_template_id: Number(template.id),
                  message_template_name: template.name,
                  message_template_language: template.language,
                  reason: template.reason,
                },
              },
            ],
          },
        ],
      };
      await postEvent(owner, template.verdict === 'APPROVED' ? 'template_approved' : 'template_rejected', template.id, event);
    };
    // The event goes out when the review ends: after the delay, or once decideReviews() ends a held one.
    if (Number.isFinite(template.decidedAt)) {
      background.run(async () => {
        await sleep(template.decidedAt - Date.now());
        await sendVerdict();
      });
    } else heldReviews.set(template.id, sendVerdict);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] as string;
    if (PATIENT_PATH.test(path)) return playPatient(req, res);
    const statusPath = TEMPLATE_STATUS_PATH.exec(path);
    if (statusPath && req.method === 'GET') {
      const template = templates.find((t) => t.id === statusPath[1]);
      const owner = template && (await options.accounts?.(template.wabaId));
      if (!template || !presents(req, owner)) return sendJson(res, 404, oauthError('Unsupported get request', 100));
      const decided = Date.now() >= template.decidedAt;
      return sendJson(res, 200, {
        id: template.id,
        name: template.name,
        status: decided ? template.verdict : 'PENDING',
        ...(decided && template.reason !== 'NONE' ? { rejected_reason: template.reason } : {}),
      });
    }
    const templatePath = TEMPLATE_PATH.exec(path);
    if (templatePath && req.method === 'POST') return reviewTemplate(decodeURIComponent(templatePath[1] as string), req, res);
    const match = SEND_PATH.exec(path);
    if (!match) return sendJson(res, 404, oauthError('Unknown path components', 2500));
    if (req.method !== 'POST') return sendJson(res, 405, oauthError('Unsupported method', 100));
    const phoneNumberId = decodeURIComponent(match[1] as string);
    const raw = await readBody(req);

    const owner = await options.phoneNumbers(phoneNumberId);
    if (!presents(req, owner)) {
      return sendJson(res, 401, oauthError('Invalid OAuth access token - Cannot parse access token', 190));
    }

    let payload: {
      messaging_product?: unknown;
      to?: unknown;
      type?: unknown;
      biz_opaque_callback_data?: unknown;
      text?: { body?: unknown };
      template?: { name?: unknown; components?: { type?: unknown; parameters?: { text?: unknown; payload?: unknown }[] }[] };
    };
    try {
      payload = JSON.parse(raw.toString('utf8')) as typeof payload;
    } catch {
      payload = {};
    }
    const to = typeof payload.to === 'string' ? payload.to : '';
    const template = payload.type === 'template' ? templateOf(payload.template) : undefined;
    const body = template ? `template:${template.name}` : typeof payload.text?.body === 'string' ? payload.text.body : '';
    const record = (answeredStatus: number, id: string | null) =>
      sends.push({ phoneNumberId, to, body, ...(template ? { template } : {}), answeredStatus, id, receivedAt: new Date().toISOString() });

    const trigger = triggerOf(to);
    const typeOk = payload.type === 'text' || (payload.type === 'template' && template !== undefined);
    if (payload.messaging_product !== 'whatsapp' || !typeOk || !to || !body || trigger === 'rejected') {
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
    const opaque = typeof payload.biz_opaque_callback_data === 'string' ? payload.biz_opaque_callback_data : undefined;
    scheduleEvents({ n: ++accepted, id, phoneNumberId, owner, to: waId, opaque });
  }

  const listening = await listenLoopback(options.port ?? 0, handle);
  return {
    url: `http://127.0.0.1:${listening.port}${PROVIDER_B_PREFIX}`,
    port: listening.port,
    sent: () => [...sends],
    callbacks: () => [...callbacks],
    injected: () => [...injected],
    templates: () => [...templates],
    decideReviews: () => {
      const now = Date.now();
      for (const t of templates) if (t.decidedAt > now) t.decidedAt = now;
      for (const [id, sendVerdict] of heldReviews) {
        heldReviews.delete(id);
        background.run(sendVerdict);
      }
    },
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

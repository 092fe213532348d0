// A sandbox of provider_a on loopback (npm start and tests): it accepts sends the way the real
// API does and posts signed delivery statuses back, so the whole loop runs on one machine.
//
//   POST {url}/2010-04-01/Accounts/{accountSid}/Messages.json   (form: To, From, Body, StatusCallback)
//     HTTP Basic accountSid:authToken, checked against the known accounts (`accounts` lookup)
//     -> 201 {sid: 'SM' + 32 hex, status: 'queued', to, from, body, price: null, ...}
//   then, in the background, form-encoded POSTs to StatusCallback for sent, delivered, read
//   (MessageSid, MessageStatus, AccountSid, To, From; Price/PriceUnit on delivered), each signed
//   with X-Provider-A-Signature over the callback URL exactly as called. Every `outOfOrderEvery`-th
//   message gets read before delivered: the real provider does not promise the order either.
//
// Content templates (the content API, here on the same host as the messaging API):
//   POST {url}/v1/Content  JSON {friendly_name, language, variables, types: {twilio/quick-reply: {body,
//     actions: [{title, id}]} | twilio/text: {body}}}  -> 201 {sid: 'HX' + 32 hex, ...}
//   POST {url}/v1/Content/{sid}/ApprovalRequests/whatsapp  JSON {name, category}  -> 201 {status: 'received'}
//   GET  {url}/v1/Content/{sid}/ApprovalRequests  -> {sid, whatsapp: {name, category, status: pending |
//     approved | rejected, rejection_reason}}: the verdict (common.ts templateVerdict) is out
//     `reviewDelayMs` after the approval request (2 s by default). The provider sends no event for it.
//   A send with ContentSid + ContentVariables (JSON {"1": ...}) of an approved content is accepted, its
//   body being the content's text with the variables filled; any other content sid is a 400 (21656).
//
// Failure triggers by recipient (common.ts FAILURE_RECIPIENTS): +5500000000400 -> 400
// {code: 21211, ...}; +5500000000500 -> 500; +5500000000999 -> no answer for 11 s; +5500000000410 -> accepted, then
// `sent` and `undelivered` (ErrorCode 30003, the handset unreachable) by the status callbacks.
//
// The patient's side, to play a patient locally (not an API of the real provider):
//   POST {url}/simular/mensagem   JSON {from, to, texto?, profileName?, midiaUrl?, midiaTipo?, botao?: {id, titulo}, repetir?}
//     -> the incoming-message form the provider posts for a WhatsApp message (MessageSid 'SM' + 32 hex,
//     AccountSid of the account owning `to`, From/To as whatsapp:+E.164, Body, ProfileName, WaId,
//     NumMedia/MediaUrl0/MediaContentType0, ButtonPayload/ButtonText), signed with that account's auth
//     token over the service's webhook URL and posted there `repetir` times (default 1) with the same
//     MessageSid, as the provider's retries would be -> 200 {messageSid, entregas: [status the service answered, ...]}.
//     400 for a bad field, 404 when no account owns `to`.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { providerASignature } from '#shared/providers/signatures';
import {
  BadInput,
  Background,
  delayOf,
  deliverRepeatedly,
  hang,
  listenLoopback,
  patientPhone,
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
  type DeliveryStatus,
  type InjectedMessage,
  type SimulatorTiming,
} from '#infra/local/simulators/common';

export const PROVIDER_A_PREFIX = '/provider-a';
const SEND_PATH = /^(?:\/provider-a)?\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
const PATIENT_PATH = /^(?:\/provider-a)?\/simular\/mensagem$/;
const CONTENT_PATH = /^(?:\/provider-a)?\/v1\/Content(?:\/([^/]+)\/ApprovalRequests(\/whatsapp)?)?$/;

/** A content template submitted to the simulator. */
export interface ProviderAContent {
  sid: string;
  accountSid: string;
  name: string;
  body: string;
  actions: { title: string; id: string }[];
  category: string | null;
  verdict: 'APPROVED' | 'REJECTED';
  reason: string;
  /** When the verdict is out (epoch ms); null until an approval was requested. */
  decidedAt: number | null;
}

export interface ProviderASimulatorOptions extends SimulatorTiming {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** The auth token of a known account, or undefined (read at each request, so new tenants work at once). */
  accounts: (accountSid: string) => Promise<{ authToken: string } | undefined>;
  /** Where a callback really goes, given the StatusCallback of the send (default: that URL). */
  callbackTarget?: (statusCallbackUrl: string) => string;
  /**
   * The patient's side (POST {url}/simular/mensagem): the service's incoming-message webhook and the
   * account that owns a WhatsApp number (E.164). Without it that endpoint answers 404.
   */
  patients?: {
    webhookUrl: string;
    accountOf: (numero: string) => Promise<{ accountSid: string; authToken: string } | undefined>;
  };
}

export interface ProviderASend {
  accountSid: string;
  to: string;
  from: string;
  body: string;
  /** A content template send: its sid and variables. */
  content?: { sid: string; variables: Record<string, string> };
  statusCallback: string | null;
  /** The HTTP status the simulator answered (or will answer, for a hanging request). */
  answeredStatus: number;
  /** The message sid given, when accepted. */
  sid: string | null;
  receivedAt: string;
}

export interface ProviderASimulator {
  /** Base URL to store as providerA.baseUrl: `http://127.0.0.1:<port>/provider-a`. */
  url: string;
  port: number;
  /** Every send received, in order (authenticated ones only). */
  sent(): ProviderASend[];
  /** Every status callback made so far. */
  callbacks(): CallbackAttempt[];
  /** Every patient's message played through /simular/mensagem, with the service's answers. */
  injected(): InjectedMessage[];
  /** Every content template submitted. */
  contents(): ProviderAContent[];
  /** Ends every review in progress now: its verdict is what the next read answers. */
  decideReviews(): void;
  /** Waits until the callbacks scheduled so far have been made. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const unauthorized = { code: 20003, message: 'Authenticate', more_info: 'https://www.provider-a.example/docs/errors/20003', status: 401 };

function basicAuth(req: IncomingMessage): { user: string; password: string } | undefined {
  const match = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** The MessageType provider_a gives an incoming WhatsApp message. */
const messageTypeOf = (botao: boolean, contentType: string | undefined): string => {
  if (botao) return 'button';
  if (!contentType) return 'text';
  const kind = contentType.split('/')[0] ?? '';
  return ['image', 'audio', 'video'].includes(kind) ? kind : 'document';
};

/** ContentVariables as sent (a JSON object of strings), or none. */
function contentVariables(raw: string | null): Record<string, string> {
  try {
    const value = JSON.parse(raw ?? '{}') as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

export async function startProviderASimulator(options: ProviderASimulatorOptions): Promise<ProviderASimulator> {
  const sends: ProviderASend[] = [];
  const callbacks: CallbackAttempt[] = [];
  const injected: InjectedMessage[] = [];
  const contents: ProviderAContent[] = [];
  const background = new Background();
  const outOfOrderEvery = options.outOfOrderEvery ?? 3;
  let accepted = 0;

  const scheduleCallbacks = (input: {
    n: number;
    sid: string;
    accountSid: string;
    authToken: string;
    to: string;
    from: string;
    statusCallback: string;
    undelivered: boolean;
  }) =>
    background.run(async () => {
      const url = options.callbackTarget ? options.callbackTarget(input.statusCallback) : input.statusCallback;
      const statuses: DeliveryStatus[] = input.undelivered ? ['sent', 'undelivered'] : statusOrder(input.n, outOfOrderEvery);
      for (const status of statuses) {
        await sleep(delayOf(options));
        if (background.isStopped) return;
        const params: Record<string, string> = {
          AccountSid: input.accountSid,
          ApiVersion: '2010-04-01',
          From: input.from,
          MessageSid: input.sid,
          MessageStatus: status,
          SmsSid: input.sid,
          SmsStatus: status,
          To: input.to,
          ...(status === 'delivered' ? { Price: '-0.0050', PriceUnit: 'USD' } : {}),
          ...(status === 'undelivered' ? { ErrorCode: '30003', ErrorMessage: 'Unreachable destination handset' } : {}),
        };
        await postCallback(
          {
            url,
            status,
            messageSid: input.sid,
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              'X-Provider-A-Signature': providerASignature(url, params, input.authToken),
            },
            body: new URLSearchParams(params).toString(),
          },
          callbacks,
        );
      }
    });

  /** A patient writes to `to`: the signed incoming-message form, posted to the service. */
  async function playPatient(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return sendJson(res, 405, { error: 'method_not_allowed', message: 'POST a JSON body' });
    const patients = options.patients;
    if (!patients) return sendJson(res, 404, { error: 'not_found', message: 'this simulator does not know where the service listens' });
    let input: ReturnType<typeof readPatientInput>;
    let to: string;
    let media: { url: string; contentType: string } | undefined;
    try {
      const body = await readJsonObject(req);
      input = readPatientInput(body);
      to = patientPhone(body.to, 'to');
      if (body.midiaUrl !== undefined) {
        if (typeof body.midiaUrl !== 'string' || !/^https?:\/\/\S+$/.test(body.midiaUrl))
          throw new BadInput('midiaUrl must be an http(s) URL');
        const contentType = body.midiaTipo ?? 'image/jpeg';
        if (typeof contentType !== 'string' || !/^[\w.+-]+\/[\w.+-]+$/.test(contentType))
          throw new BadInput('midiaTipo must be a media type');
        media = { url: body.midiaUrl, contentType };
      }
      if (input.texto === undefined && !input.botao && !media) throw new BadInput('texto, botao or midiaUrl is required');
    } catch (error) {
      if (error instanceof BadInput) return sendJson(res, 400, { error: 'bad_request', message: error.message });
      throw error;
    }
    const account = await patients.accountOf(to);
    if (!account) return sendJson(res, 404, { error: 'not_found', message: `no account owns the number ${to}` });

    const sid = `SM${randomBytes(16).toString('hex')}`;
    // The fields (and their order) of the provider's incoming WhatsApp message webhook.
    const params: Record<string, string> = {
      SmsMessageSid: sid,
      NumMedia: media ? '1' : '0',
      ...(input.profileName !== undefined ? { ProfileName: input.profileName } : {}),
      MessageType: messageTypeOf(Boolean(input.botao), media?.contentType),
      SmsSid: sid,
      WaId: input.from.slice(1),
      SmsStatus: 'received',
      Body: input.texto ?? input.botao?.titulo ?? '',
      To: `whatsapp:${to}`,
      ...(input.botao ? { ButtonPayload: input.botao.id ?? input.botao.titulo, ButtonText: input.botao.titulo } : {}),
      ...(media ? { MediaContentType0: media.contentType, MediaUrl0: media.url } : {}),
      NumSegments: '1',
      ReferralNumMedia: '0',
      MessageSid: sid,
      AccountSid: account.accountSid,
      From: `whatsapp:${input.from}`,
      ApiVersion: '2010-04-01',
    };
    const message = await deliverRepeatedly(
      {
        url: patients.webhookUrl,
        messageId: sid,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Provider-A-Signature': providerASignature(patients.webhookUrl, params, account.authToken),
        },
        body: new URLSearchParams(params).toString(),
      },
      input.repetir,
      injected,
    );
    sendJson(res, 200, { messageSid: sid, entregas: message.entregas });
  }

  /** The content API: create a content, request its approval, read the verdict. */
  async function content(req: IncomingMessage, res: ServerResponse, sid: string | undefined, approvalRequest: boolean): Promise<void> {
    const raw = await readBody(req);
    const credentials = basicAuth(req);
    const account = credentials ? await options.accounts(credentials.user) : undefined;
    if (!credentials || !account || credentials.password !== account.authToken) return sendJson(res, 401, unauthorized);
    let payload: Record<string, unknown>;
    try {
      payload = raw.length ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      return sendJson(res, 400, { code: 20001, message: 'Invalid JSON', status: 400 });
    }
    if (sid === undefined) {
      if (req.method !== 'POST') return sendJson(res, 405, { code: 20004, message: 'Method not allowed', status: 405 });
      const types = (payload.types ?? {}) as Record<string, { body?: unknown; actions?: { title?: unknown; id?: unknown }[] }>;
      const type = types['twilio/quick-reply'] ?? types['twilio/text'];
      if (typeof payload.friendly_name !== 'string' || typeof type?.body !== 'string') {
        return sendJson(res, 400, { code: 21651, message: 'Invalid content', status: 400 });
      }
      const created: ProviderAContent = {
        sid: `HX${randomBytes(16).toString('hex')}`,
        accountSid: credentials.user,
        name: payload.friendly_name,
        body: type.body,
        actions: (type.actions ?? []).map((a) => ({
          title: typeof a?.title === 'string' ? a.title : '',
          id: typeof a?.id === 'string' ? a.id : '',
        })),
        category: null,
        verdict: 'APPROVED',
        reason: 'NONE',
        decidedAt: null,
      };
      contents.push(created);
      return sendJson(res, 201, { sid: created.sid, account_sid: created.accountSid, friendly_name: created.name, types });
    }
    const found = contents.find((c) => c.sid === sid && c.accountSid === credentials.user);
    if (!found) return sendJson(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    if (approvalRequest && req.method === 'POST') {
      found.category = typeof payload.category === 'string' ? payload.category : 'UTILITY';
      Object.assign(found, templateVerdict(found.body, found.category), { decidedAt: reviewEndsAt(options.reviewDelayMs) });
      return sendJson(res, 201, { name: payload.name, category: found.category, status: 'received' });
    }
    if (!approvalRequest && req.method === 'GET') {
      const decided = found.decidedAt !== null && Date.now() >= found.decidedAt;
      return sendJson(res, 200, {
        sid: found.sid,
        whatsapp: {
          name: found.name,
          category: found.category,
          status: found.decidedAt === null ? 'unsubmitted' : decided ? found.verdict.toLowerCase() : 'pending',
          rejection_reason: decided && found.reason !== 'NONE' ? found.reason : '',
        },
      });
    }
    return sendJson(res, 405, { code: 20004, message: 'Method not allowed', status: 405 });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0] as string;
    if (PATIENT_PATH.test(path)) return playPatient(req, res);
    const contentPath = CONTENT_PATH.exec(path);
    if (contentPath) return content(req, res, contentPath[1] && decodeURIComponent(contentPath[1]), Boolean(contentPath[2]));
    const match = SEND_PATH.exec(path);
    if (!match) return sendJson(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    if (req.method !== 'POST') return sendJson(res, 405, { code: 20004, message: 'Method not allowed', status: 405 });
    const accountSid = decodeURIComponent(match[1] as string);
    const raw = await readBody(req);

    // Same answer for an unknown account, a wrong token or a path of another account.
    const credentials = basicAuth(req);
    const account = credentials?.user === accountSid ? await options.accounts(accountSid) : undefined;
    if (!credentials || !account || credentials.password !== account.authToken) return sendJson(res, 401, unauthorized);

    const form = new URLSearchParams(raw.toString('utf8'));
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const contentSid = form.get('ContentSid');
    const used = contentSid ? contents.find((c) => c.sid === contentSid && c.accountSid === accountSid) : undefined;
    const variables = contentVariables(form.get('ContentVariables'));
    const body = used ? used.body.replace(/\{\{\s*(\d+)\s*\}\}/g, (_, n: string) => variables[n] ?? '') : (form.get('Body') ?? '');
    const statusCallback = form.get('StatusCallback');
    const record = (answeredStatus: number, sid: string | null) =>
      sends.push({
        accountSid,
        to,
        from,
        body,
        ...(contentSid ? { content: { sid: contentSid, variables } } : {}),
        statusCallback,
        answeredStatus,
        sid,
        receivedAt: new Date().toISOString(),
      });

    if (contentSid && (!used || used.verdict !== 'APPROVED' || used.decidedAt === null || Date.now() < used.decidedAt)) {
      record(400, null);
      return sendJson(res, 400, { code: 21656, message: 'The ContentSid is invalid or not approved.', status: 400 });
    }
    if (!to) {
      record(400, null);
      return sendJson(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    }
    if (!body) {
      record(400, null);
      return sendJson(res, 400, { code: 21602, message: 'Message body is required.', status: 400 });
    }
    const trigger = triggerOf(to);
    if (trigger === 'rejected') {
      record(400, null);
      return sendJson(res, 400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 });
    }
    if (trigger === 'serverError') {
      record(500, null);
      return sendJson(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
    }
    if (trigger === 'noAnswer') {
      record(503, null);
      await hang(res, options.hangMs ?? 11_000);
      if (!res.destroyed) sendJson(res, 503, { code: 20503, message: 'Service Unavailable', status: 503 });
      return;
    }

    const sid = `SM${randomBytes(16).toString('hex')}`;
    record(201, sid);
    const now = new Date().toUTCString();
    sendJson(res, 201, {
      sid,
      account_sid: accountSid,
      api_version: '2010-04-01',
      status: 'queued',
      to,
      from,
      body,
      num_segments: '1',
      num_media: '0',
      direction: 'outbound-api',
      price: null,
      price_unit: 'USD',
      error_code: null,
      error_message: null,
      date_created: now,
      date_updated: now,
      date_sent: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
    if (statusCallback)
      scheduleCallbacks({
        n: ++accepted,
        sid,
        accountSid,
        authToken: account.authToken,
        to,
        from,
        statusCallback,
        undelivered: trigger === 'undelivered',
      });
  }

  const listening = await listenLoopback(options.port ?? 0, handle);
  return {
    url: `http://127.0.0.1:${listening.port}${PROVIDER_A_PREFIX}`,
    port: listening.port,
    sent: () => [...sends],
    callbacks: () => [...callbacks],
    injected: () => [...injected],
    contents: () => [...contents],
    decideReviews: () => {
      const now = Date.now();
      for (const c of contents) if (c.decidedAt !== null && c.decidedAt > now) c.decidedAt = now;
    },
    idle: () => background.idle(),
    async stop() {
      background.stop();
      await listening.close();
      await background.idle();
    },
  };
}

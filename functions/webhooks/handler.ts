// Provider webhooks. No authorizer: each call is checked here by its signature over the exact bytes
// received, then queued for the consumers (the answer never waits for the work):
//   POST /api/webhooks/whatsapp/status        provider_a delivery statuses (X-Provider-A-Signature)
//   GET  /api/webhooks/whatsapp/meta/{slug}   provider_b subscription handshake (hub.verify_token)
//   POST /api/webhooks/whatsapp/meta/{slug}   provider_b events (X-Hub-Signature-256)
//   POST /api/webhooks/whatsapp/webhook/test  reachability check
//   POST /api/webhooks/whatsapp/webhook       provider_a inbound messages (always 200; the application by the To number)
//   POST /api/v1/webhooks/inbound/{slug}/{fluxo}  generic inbound webhooks (X-Service-Signature, kept for audit)
// Patients' messages of both providers are normalised to one shape (shared/providers/inbound.ts) and
// queued with `<provider>:<message id>` as dedupe id; the inbound consumer stores each once.
import { constantTimeEqual } from '#shared/constant-time';
import { randomUUID } from 'node:crypto';
import type { InboundEventRef, PatientMessage, TemplateReview } from '#events/inbound-queue';
import type { StatusCallback } from '#events/status-queue';
import { adapter, awsAdapters } from '#shared/adapters/index';
import { config, needsConfig } from '#shared/config';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoDeliveryStatusRepository } from '#shared/db/delivery-status';
import { keepInboundEvent } from '#shared/db/inbound-events';
import { findWhatsappNumber } from '#shared/db/whatsapp-numbers';
import { SLUG } from '#shared/domain/applications/inputs';
import { absDecimal, isDecimal } from '#shared/domain/delivery-status';
import { parseSendReference } from '#shared/domain/messages/records';
import { parseJsonText } from '#shared/http/body';
import { HttpError } from '#shared/http/errors';
import { groupHandler, json, type ApiRequest, type ApiResponse } from '#shared/http/kit';
import { log } from '#shared/log';
import { putMetric } from '#shared/metrics';
import { inboundSecretValues } from '#shared/operations/webhook-secrets';
import { fromProviderAForm, fromProviderBMessage, MAX_MESSAGE_ID, type Normalised } from '#shared/providers/inbound';
import { str } from '#shared/providers/http';
import { providerSecret } from '#shared/providers/secrets';
import {
  paramsOf,
  verifyProviderASignature,
  verifyProviderBSignature,
  verifyServiceSignature,
  webhookUrlsOf,
} from '#shared/providers/signatures';
import { MAX_VERIFY_TOKEN, MAX_CHALLENGE, FLUXO } from './requests.ts';

awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The applications' provider secrets and the inbound subscriptions' keys that verify the calls
  // (shared/providers/secrets.ts, shared/operations/webhook-secrets.ts).
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
// The edge queues what it receives: without their URLs this function cannot work, so it fails at its cold start.
needsConfig('inboundQueueUrl', 'statusQueueUrl', 'providerSecretPrefix', 'webhookSecretPrefix');

const applications = dynamoApplicationRepository();
const messages = dynamoDeliveryStatusRepository();

const providerAStatuses = new Set(['queued', 'sent', 'delivered', 'read', 'failed', 'undelivered']);
const providerBStatuses = new Set(['sent', 'delivered', 'read', 'failed']);
const conversationTypes = new Set(['UTILITY', 'AUTHENTICATION', 'MARKETING', 'SERVICE']);

const ok = (): ApiResponse => json(200, { status: 'ok' });

const enqueueMessage = async (aplicacaoId: number, message: Normalised) => {
  const queued: PatientMessage = { ...message, aplicacaoId };
  await (await adapter('queue')).send('inbound', queued, { dedupeId: `${message.provider}:${message.providerMessageId}` });
};

/** A provider_a message that is not processed: why, counted (InboundMessageRefused, by reason), never the phone or the text. */
function refuseInbound(reason: 'invalid' | 'unknown_number' | 'provider' | 'signature', fields: Record<string, unknown>): ApiResponse {
  log.warn('provider_a inbound message not processed', { reason, ...fields });
  putMetric('InboundMessageRefused', 1, { unit: 'Count', dimensions: { provider: 'provider_a', reason } });
  return ok();
}

/**
 * provider_a inbound message. Always 200, so the provider never retries what we chose not to process
 * (the spec): a form without a message id or sender, a number no application owns, a number whose
 * application does not receive through provider_a (provider_b, link), a failed signature (with the
 * auth token of the application that owns the number; validation is off without one, as the spec says,
 * which the admin API never leaves a provider_a application without) are logged and counted, not
 * queued. An internal error is logged and answered 200 too.
 */
async function providerAMessage(request: ApiRequest): Promise<ApiResponse> {
  try {
    const form = new URLSearchParams(request.rawBody.toString('utf8'));
    const message = fromProviderAForm(form, new Date().toISOString());
    if (!message) return refuseInbound('invalid', {});
    const number = message.to ? await findWhatsappNumber(message.to) : undefined;
    if (!number) return refuseInbound('unknown_number', { messageSid: message.providerMessageId });
    const app = await applications.getApplication(number.aplicacaoId);
    // Only provider_a's own tenants: for any other, "no auth token, no validation" would let anyone
    // post its patients' replies (a "2" cancels an appointment), so the provider comes first.
    if (app?.provider !== 'provider_a') {
      return refuseInbound('provider', { aplicacaoId: number.aplicacaoId, messageSid: message.providerMessageId });
    }
    const authToken = await providerSecret(app, 'providerA.authToken');
    const signature = request.headers['x-provider-a-signature'];
    if (
      authToken &&
      !(
        signature &&
        verifyProviderASignature({
          url: webhookUrlsOf(request.event, config().publicBaseUrl),
          params: paramsOf(form),
          authToken,
          signature,
        })
      )
    ) {
      return refuseInbound('signature', { aplicacaoId: number.aplicacaoId, messageSid: message.providerMessageId });
    }
    await enqueueMessage(number.aplicacaoId, message);
    return ok();
  } catch (error) {
    log.error('provider_a inbound message failed; answered 200 so that the provider does not retry', { error });
    return ok();
  }
}

/** provider_a's auth token of the application; undefined when it has none (signature validation is then off). */
const authTokenOf = async (aplicacaoId: number) => {
  const app = await applications.getApplication(aplicacaoId);
  return app && providerSecret(app, 'providerA.authToken');
};

const enqueueStatus = async (message: StatusCallback) =>
  (await adapter('queue')).send('status', message, { dedupeId: `${message.messageSid}:${message.status}` });

/**
 * provider_a status callback. The application (and so the auth token) is found through the message's
 * provider id. Missing signature 400, invalid 403 (the reference codes of protocol-vectors.json; the
 * spec leaves them open). A callback can beat the send's second write (the lookup is written when the
 * provider answered): then it is queued with what the consumer needs to check the signature once the
 * message is known; it is never applied unverified. One that is unsigned and names neither a known
 * message nor our reference is refused with the 400 of a missing signature, not queued.
 */
async function providerAStatus(request: ApiRequest): Promise<ApiResponse> {
  const form = new URLSearchParams(request.rawBody.toString('utf8'));
  const messageSid = form.get('MessageSid')?.trim();
  // It becomes a key: an id no provider gives (provider_a's are 34 characters) is refused before any read.
  if (messageSid && messageSid.length > MAX_MESSAGE_ID) throw new HttpError(400, 'bad_request', 'MessageSid is too long');
  const status = form.get('MessageStatus')?.trim().toLowerCase();
  if (!messageSid || !status || !providerAStatuses.has(status)) {
    throw new HttpError(400, 'bad_request', 'MessageSid and a known MessageStatus are required');
  }
  const signature = request.headers['x-provider-a-signature'];
  const params = paramsOf(form);
  const url = webhookUrlsOf(request.event, config().publicBaseUrl);

  const callback: StatusCallback = {
    provider: 'provider_a',
    messageSid,
    status: status as StatusCallback['status'],
    occurredAt: new Date().toISOString(), // the form carries no timestamp: the moment it reached us
  };
  const errorCode = form.get('ErrorCode')?.trim();
  const errorMessage = form.get('ErrorMessage')?.trim();
  if (errorCode) callback.errorCode = errorCode.slice(0, 64);
  if (errorMessage) callback.errorMessage = errorMessage.slice(0, 500);
  const price = form.get('Price')?.trim();
  if (price && isDecimal(price) && (form.get('PriceUnit') ?? 'USD').toUpperCase() === 'USD') callback.priceUsd = absDecimal(price);

  // Our reference, in the callback URL we gave with the send (kept only when well formed).
  const referencia = request.query.ref;
  if (parseSendReference(referencia)) callback.referencia = referencia;

  const ref = await messages.findRef(messageSid);
  if (!ref && !signature && !callback.referencia) {
    // provider_a signs every callback and our sends put our reference in the callback URL: unsigned, for
    // no known message and naming none of ours, it is nobody's. Refused here instead of being queued,
    // received three times and kept 7 days as an orphan.
    log.info('unsigned provider_a status callback for an unknown message refused', { messageSid, status });
    putMetric('StatusCallbackRefused', 1, { unit: 'Count', dimensions: { provider: 'provider_a', reason: 'unsigned_unknown' } });
    throw new HttpError(400, 'missing_signature', 'X-Provider-A-Signature is required');
  }
  if (!ref) {
    log.info('provider_a status callback for a message not known yet; queued for verification by the consumer', { messageSid, status });
    await enqueueStatus({ ...callback, verificacao: { url, params, signature: signature ?? null } });
    return ok();
  }
  const authToken = await authTokenOf(ref.aplicacaoId);
  if (authToken) {
    if (!signature) throw new HttpError(400, 'missing_signature', 'X-Provider-A-Signature is required');
    if (!verifyProviderASignature({ url, params, authToken, signature })) {
      throw new HttpError(403, 'invalid_signature', 'The signature does not match');
    }
  }
  await enqueueStatus({ ...callback, aplicacaoId: ref.aplicacaoId });
  return ok();
}

async function applicationBySlug(request: ApiRequest) {
  const slug = request.pathParameters.slug ?? '';
  // Only a well-formed slug is looked up (it becomes a key); anything else is the same 404 as an unknown one.
  const app = SLUG.test(slug) ? await applications.findApplicationBySlug(slug) : undefined;
  if (!app) throw new HttpError(404, 'not_found', 'Unknown application');
  return app;
}

/** provider_b's subscription handshake: the challenge back, as plain text, when the verify token matches. */
async function providerBHandshake(request: ApiRequest): Promise<ApiResponse> {
  const app = await applicationBySlug(request);
  const expected = await providerSecret(app, 'providerB.verifyToken');
  const presented = request.query['hub.verify_token'];
  const challenge = request.query['hub.challenge'];
  if (
    request.query['hub.mode'] !== 'subscribe' ||
    !expected ||
    presented === undefined ||
    challenge === undefined ||
    challenge.length > MAX_CHALLENGE ||
    presented.length > MAX_VERIFY_TOKEN ||
    !constantTimeEqual(presented, expected)
  ) {
    throw new HttpError(403, 'forbidden', 'Verification failed');
  }
  return { statusCode: 200, body: challenge, headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
}

interface ProviderBValue {
  metadata?: { display_phone_number?: unknown };
  contacts?: { wa_id?: unknown; profile?: { name?: unknown } }[];
}

interface ProviderBStatus {
  id?: unknown;
  biz_opaque_callback_data?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown }[];
  pricing?: { billable?: unknown; category?: unknown };
}

const epochToIso = (timestamp: unknown): string => {
  const seconds = typeof timestamp === 'string' || typeof timestamp === 'number' ? Number(timestamp) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : new Date().toISOString();
};

/** provider_b event: signature over the exact bytes, then each status of each change is queued. */
async function providerBEvent(request: ApiRequest): Promise<ApiResponse> {
  const app = await applicationBySlug(request);
  const appSecret = await providerSecret(app, 'providerB.appSecret');
  if (!appSecret || !verifyProviderBSignature(request.rawBody, appSecret, request.headers['x-hub-signature-256'])) {
    throw new HttpError(401, 'invalid_signature', 'The signature does not match');
  }
  // The kit refused a body that is not well-formed UTF-8; a lone surrogate escaped in a string is 400 too.
  const event = parseJsonText(request.rawBody.toString('utf8')) as {
    entry?: {
      changes?: {
        field?: unknown;
        value?: { statuses?: ProviderBStatus[]; messages?: Record<string, unknown>[] } & ProviderBValue & ProviderBTemplateUpdate;
      }[];
    }[];
  };

  const queued: StatusCallback[] = [];
  const inbound: Normalised[] = [];
  const reviews: TemplateReview[] = [];
  const receivedAt = new Date().toISOString();
  for (const entry of Array.isArray(event?.entry) ? event.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      if (change?.field === 'message_template_status_update') {
        const review = templateReviewOf(app.id, value);
        if (review) reviews.push(review);
        continue;
      }
      for (const s of Array.isArray(value?.statuses) ? value.statuses : []) {
        const status = typeof s?.status === 'string' ? s.status.toLowerCase() : '';
        if (typeof s?.id !== 'string' || !s.id || s.id.length > MAX_MESSAGE_ID || !providerBStatuses.has(status)) {
          log.info('provider_b status ignored', { status: typeof s?.status === 'string' ? s.status.slice(0, 32) : typeof s?.status });
          continue;
        }
        const callback: StatusCallback = {
          provider: 'provider_b',
          messageSid: s.id,
          status: status as StatusCallback['status'],
          occurredAt: epochToIso(s.timestamp),
          aplicacaoId: app.id,
        };
        if (typeof s.biz_opaque_callback_data === 'string' && parseSendReference(s.biz_opaque_callback_data)) {
          callback.referencia = s.biz_opaque_callback_data;
        }
        const error = Array.isArray(s.errors) ? s.errors[0] : undefined;
        const code = str(error?.code);
        if (code !== null) callback.errorCode = code.slice(0, 64);
        const title = error?.title ?? error?.message;
        if (typeof title === 'string') callback.errorMessage = title.slice(0, 500);
        const category = typeof s.pricing?.category === 'string' ? s.pricing.category.toUpperCase() : '';
        if (conversationTypes.has(category)) {
          callback.tipoConversa = category;
          // A conversation the provider does not bill costs nothing (the price table is only for billable ones).
          if (s.pricing?.billable === false) callback.priceUsd = '0';
        }
        queued.push(callback);
      }
      for (const m of Array.isArray(value?.messages) ? value.messages : []) {
        const message = m && typeof m === 'object' ? fromProviderBMessage(m, value ?? {}, receivedAt) : undefined;
        if (message) inbound.push(message);
        else log.info('provider_b inbound message ignored: no id or sender', { aplicacaoId: app.id });
      }
    }
  }
  for (const callback of queued) await enqueueStatus(callback);
  for (const message of inbound) await enqueueMessage(app.id, message);
  for (const review of reviews) await (await adapter('queue')).send('inbound', review);
  return ok();
}

interface ProviderBTemplateUpdate {
  event?: unknown;
  message_template_id?: unknown;
  reason?: unknown;
}

/** A template review result of the provider (its id as text, the event word, the reason when there is one). */
function templateReviewOf(aplicacaoId: number, value: ProviderBTemplateUpdate | undefined): TemplateReview | undefined {
  const providerTemplateId = str(value?.message_template_id);
  const evento = typeof value?.event === 'string' ? value.event.slice(0, 64) : '';
  if (!providerTemplateId || providerTemplateId.length > 128 || !evento) return undefined;
  const reason = typeof value?.reason === 'string' && value.reason !== 'NONE' ? value.reason.slice(0, 500) : null;
  return { kind: 'template', aplicacaoId, providerTemplateId, evento, motivo: reason };
}

const MAX_INBOUND_BYTES = 256 * 1024;

/**
 * Generic inbound webhook (the spec's inbound rules): 413 over 256 KB, 404 unknown slug, 400 invalid
 * JSON or flow name, 401 when a secret is configured and no active one signs the body. The payload is
 * kept for audit with its flow name (pattern 32) before it is queued, so a 200 means it is kept.
 */
async function genericInbound(request: ApiRequest): Promise<ApiResponse> {
  if (request.rawBody.length > MAX_INBOUND_BYTES) throw new HttpError(413, 'payload_too_large', 'The body may not exceed 256 KB');
  const app = await applicationBySlug(request);
  const fluxo = request.pathParameters.fluxo ?? '';
  if (!FLUXO.test(fluxo)) {
    throw new HttpError(400, 'validation_error', 'fluxo must be 1 to 100 letters, digits, ".", "-" or "_"', { field: 'fluxo' });
  }
  // Kept as received and answered back later: the kit refused bytes that are not well-formed UTF-8,
  // parseJsonText refuses invalid JSON and strings that escape a lone surrogate.
  const body = request.rawBody.toString('utf8');
  parseJsonText(body);
  // Their keys are in the secret store, by the version each item names (cached per version: a warm container reads none).
  const secrets = await inboundSecretValues(await applications.listInboundSubscriptions(app.id));
  if (secrets.length > 0 && !verifyServiceSignature(request.rawBody, secrets, request.headers['x-service-signature'])) {
    throw new HttpError(401, 'invalid_signature', 'X-Service-Signature is missing or does not match');
  }
  const ref: InboundEventRef = { kind: 'evento', aplicacaoId: app.id, eventoId: randomUUID(), recebidoEm: new Date().toISOString(), fluxo };
  await keepInboundEvent(ref, body);
  await (await adapter('queue')).send('inbound', ref, { dedupeId: ref.eventoId });
  return json(200, { aceito: true, aplicacao: app.slug, fluxo });
}

/** Reachability check: echoes how many parameters arrived (query and form fields). */
async function webhookTest(request: ApiRequest): Promise<ApiResponse> {
  let count = Object.keys(request.query).length;
  if ((request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    count += new Set(new URLSearchParams(request.rawBody.toString('utf8')).keys()).size;
  }
  return json(200, { status: 'ok', message: 'Webhook acessível', params_recebidos: count });
}

export const handler = groupHandler('webhooks', {
  'POST /api/webhooks/whatsapp/status': providerAStatus,
  'GET /api/webhooks/whatsapp/meta/{slug}': providerBHandshake,
  'POST /api/webhooks/whatsapp/meta/{slug}': providerBEvent,
  'POST /api/webhooks/whatsapp/webhook/test': webhookTest,
  'POST /api/webhooks/whatsapp/webhook': providerAMessage,
  'POST /api/v1/webhooks/inbound/{slug}/{fluxo}': genericInbound,
});

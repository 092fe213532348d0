// Provider webhooks. No authorizer: each call is checked here by its signature over the exact bytes
// received, then queued for the consumers (the answer never waits for the work):
//   POST /api/webhooks/whatsapp/status        provider_a delivery statuses (X-Provider-A-Signature)
//   GET  /api/webhooks/whatsapp/meta/{slug}   provider_b subscription handshake (hub.verify_token)
//   POST /api/webhooks/whatsapp/meta/{slug}   provider_b events (X-Hub-Signature-256)
//   POST /api/webhooks/whatsapp/webhook/test  reachability check
// Inbound messages (POST /webhook, /api/v1/webhooks/inbound/...) are a later issue: 501.
import { constantTimeEqual } from '#shared/constant-time';
import type { StatusCallback } from '#events/queue-messages';
import { adapter, awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoDeliveryStatusRepository } from '#shared/db/delivery-status';
import { absDecimal, isDecimal } from '#shared/domain/delivery-status';
import { HttpError } from '#shared/http/errors';
import { groupHandler, json, type ApiRequest, type ApiResponse } from '#shared/http/kit';
import { log } from '#shared/log';
import { str } from '#shared/providers/http';
import { paramsOf, verifyProviderASignature, verifyProviderBSignature, webhookUrlOf } from '#shared/providers/signatures';

awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
// The edge queues what it receives: without their URLs this function cannot work, so it fails at its cold start.
needsConfig('inboundQueueUrl', 'statusQueueUrl');

const applications = dynamoApplicationRepository();
const messages = dynamoDeliveryStatusRepository();

const providerAStatuses = new Set(['queued', 'sent', 'delivered', 'read', 'failed', 'undelivered']);
const providerBStatuses = new Set(['sent', 'delivered', 'read', 'failed']);
const conversationTypes = new Set(['UTILITY', 'AUTHENTICATION', 'MARKETING', 'SERVICE']);

const ok = (): ApiResponse => json(200, { status: 'ok' });

const enqueueStatus = async (message: StatusCallback) =>
  (await adapter('queue')).send('status', message, { dedupeId: `${message.messageSid}:${message.status}` });

/**
 * provider_a status callback. The application (and so the auth token) is found through the message's
 * provider id. Missing signature 400, invalid 403 (the reference codes of protocol-vectors.json; the
 * spec leaves them open). A callback can beat the send's second write (the lookup is written when the
 * provider answered): then it is queued with what the consumer needs to check the signature once the
 * message is known; it is never applied unverified.
 */
async function providerAStatus(request: ApiRequest): Promise<ApiResponse> {
  const form = new URLSearchParams(request.rawBody.toString('utf8'));
  const messageSid = form.get('MessageSid')?.trim();
  const status = form.get('MessageStatus')?.trim().toLowerCase();
  if (!messageSid || !status || !providerAStatuses.has(status)) {
    throw new HttpError(400, 'bad_request', 'MessageSid and a known MessageStatus are required');
  }
  const signature = request.headers['x-provider-a-signature'];
  const params = paramsOf(form);
  const url = webhookUrlOf(request.event);

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

  const ref = await messages.findRef(messageSid);
  if (!ref) {
    log.info('provider_a status callback for a message not known yet; queued for verification by the consumer', { messageSid, status });
    await enqueueStatus({ ...callback, verificacao: { url, params, signature: signature ?? null } });
    return ok();
  }
  const authToken = (await applications.getApplication(ref.aplicacaoId))?.providerA?.authToken;
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
  const app = await applications.findApplicationBySlug(request.pathParameters.slug ?? '');
  if (!app) throw new HttpError(404, 'not_found', 'Unknown application');
  return app;
}

/** provider_b's subscription handshake: the challenge back, as plain text, when the verify token matches. */
async function providerBHandshake(request: ApiRequest): Promise<ApiResponse> {
  const app = await applicationBySlug(request);
  const expected = app.providerB?.verifyToken;
  const presented = request.query['hub.verify_token'];
  const challenge = request.query['hub.challenge'];
  if (
    request.query['hub.mode'] !== 'subscribe' ||
    !expected ||
    presented === undefined ||
    challenge === undefined ||
    !constantTimeEqual(presented, expected)
  ) {
    throw new HttpError(403, 'forbidden', 'Verification failed');
  }
  return { statusCode: 200, body: challenge, headers: { 'Content-Type': 'text/plain; charset=utf-8' } };
}

interface ProviderBStatus {
  id?: unknown;
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
  const appSecret = app.providerB?.appSecret;
  if (!appSecret || !verifyProviderBSignature(request.rawBody, appSecret, request.headers['x-hub-signature-256'])) {
    throw new HttpError(401, 'invalid_signature', 'The signature does not match');
  }
  let event: { entry?: { changes?: { value?: { statuses?: ProviderBStatus[]; messages?: { id?: unknown }[] } }[] }[] };
  try {
    event = JSON.parse(request.rawBody.toString('utf8')) as typeof event;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  }

  const queued: StatusCallback[] = [];
  const inboundIds: string[] = [];
  for (const entry of Array.isArray(event?.entry) ? event.entry : []) {
    for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
      const value = change?.value;
      for (const s of Array.isArray(value?.statuses) ? value.statuses : []) {
        const status = typeof s?.status === 'string' ? s.status.toLowerCase() : '';
        if (typeof s?.id !== 'string' || !s.id || !providerBStatuses.has(status)) {
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
        if (typeof m?.id === 'string') inboundIds.push(m.id);
      }
    }
  }
  // Inbound messages are a later issue; their content is health data: only ids are logged.
  if (inboundIds.length > 0) log.info('provider_b inbound messages not processed yet', { aplicacaoId: app.id, ids: inboundIds });
  for (const callback of queued) await enqueueStatus(callback);
  return ok();
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
});

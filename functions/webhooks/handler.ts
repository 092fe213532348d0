// Provider webhooks. No authorizer: each call is checked here by its signature over the exact bytes
// received, then queued for the consumers (the answer never waits for the work):
//   POST /api/webhooks/whatsapp/status        provider_a delivery statuses (X-Provider-A-Signature)
//   GET  /api/webhooks/whatsapp/meta/{slug}   provider_b subscription handshake (hub.verify_token)
//   POST /api/webhooks/whatsapp/meta/{slug}   provider_b events (X-Hub-Signature-256)
//   POST /api/webhooks/whatsapp/webhook/test  reachability check
//   POST /api/webhooks/whatsapp/webhook       provider_a inbound messages (always 200; the application by the To number)
//   POST /api/v1/webhooks/inbound/{slug}/{fluxo}  generic inbound webhooks (X-Service-Signature, kept for audit)
//   POST /api/webhooks/pagamentos/stripe      Stripe's invoice.paid (Stripe-Signature): a plan invoice paid (./payments.ts)
// Each provider's format is read by its wire module (shared/providers/provider-a/wire.ts,
// provider-b/wire.ts). Patients' messages of both providers are normalised to one shape and queued with
// `<provider>:<message id>` as dedupe id; the inbound consumer stores each once.
import { constantTimeEqual } from '#shared/constant-time';
import { randomUUID } from 'node:crypto';
import type { InboundEventRef, PatientMessage } from '#events/inbound-queue';
import type { StatusCallback } from '#events/status-queue';
import { adapter, awsAdapters } from '#shared/adapters/index';
import { config, needsConfig } from '#shared/config';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoDeliveryStatusRepository } from '#shared/db/delivery-status';
import { keepInboundEvent } from '#shared/db/inbound-events';
import { findWhatsappNumber } from '#shared/db/whatsapp-numbers';
import { SLUG } from '#shared/domain/applications/inputs';
import { notFound } from '#shared/domain/errors';
import { parseSendReference } from '#shared/domain/messages/records';
import { parseJsonText } from '#shared/http/body';
import { HttpError } from '#shared/http/errors';
import { groupHandler, json, type AnswerFor, type ApiRequest } from '#shared/http/kit';
import { log } from '#shared/log';
import { putMetric } from '#shared/metrics';
import { inboundSecretValues } from '#shared/secrets/webhooks';
import type { Normalised } from '#shared/providers/inbound';
import { parseProviderAMessage, parseProviderAStatus } from '#shared/providers/provider-a/wire';
import { parseProviderBWebhook } from '#shared/providers/provider-b/wire';
import { providerSecret } from '#shared/providers/secrets';
import {
  paramsOf,
  verifyProviderASignature,
  verifyProviderBSignature,
  verifyServiceSignature,
  webhookUrlsOf,
} from '#shared/providers/signatures';
import { MAX_VERIFY_TOKEN, MAX_CHALLENGE, FLUXO } from './requests.ts';
import { stripeEvent } from './payments.ts';
import type { webhooksContract } from './contract.ts';

awsAdapters({
  queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue(),
  // The applications' provider secrets and the inbound subscriptions' keys that verify the calls
  // (shared/providers/secrets.ts, shared/secrets/webhooks.ts).
  secrets: async () => (await import('#shared/adapters/aws/secrets-extension')).secretsExtension(),
});
// The edge queues what it receives: without their URLs this function cannot work, so it fails at its cold start.
needsConfig('inboundQueueUrl', 'statusQueueUrl', 'providerSecretPrefix', 'webhookSecretPrefix');

const applications = dynamoApplicationRepository();
const messages = dynamoDeliveryStatusRepository();

/** What a route of this group answers, by its contract. */
type Answer<K extends keyof typeof webhooksContract> = AnswerFor<typeof webhooksContract, K>;
/** `{status: 'ok'}`, the answer of every provider webhook that receives (`WebhookReceived`). */
type Received = Answer<'POST /api/webhooks/whatsapp/webhook'>;

const ok = (): Received => json(200, { status: 'ok' });

const enqueueMessage = async (aplicacaoId: number, message: Normalised) => {
  const queued: PatientMessage = { ...message, aplicacaoId };
  await (await adapter('queue')).send('inbound', queued, { dedupeId: `${message.provider}:${message.providerMessageId}` });
};

/** A provider_a message that is not processed: why, counted (InboundMessageRefused, by reason), never the phone or the text. */
function refuseInbound(reason: 'invalid' | 'unknown_number' | 'provider' | 'signature', fields: Record<string, unknown>): Received {
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
async function providerAMessage(request: ApiRequest): Promise<Answer<'POST /api/webhooks/whatsapp/webhook'>> {
  try {
    const form = new URLSearchParams(request.rawBody.toString('utf8'));
    const message = parseProviderAMessage(form, new Date().toISOString());
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
async function providerAStatus(request: ApiRequest): Promise<Answer<'POST /api/webhooks/whatsapp/status'>> {
  const form = new URLSearchParams(request.rawBody.toString('utf8'));
  const parsed = parseProviderAStatus(form, new Date().toISOString());
  if ('refusal' in parsed) throw new HttpError(400, 'bad_request', parsed.refusal);
  const callback: StatusCallback = parsed.callback;
  const { messageSid, status } = callback;
  const signature = request.headers['x-provider-a-signature'];
  const params = paramsOf(form);
  const url = webhookUrlsOf(request.event, config().publicBaseUrl);

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
  if (!app) throw notFound('application');
  return app;
}

/** provider_b's subscription handshake: the challenge back, as plain text, when the verify token matches. */
async function providerBHandshake(request: ApiRequest): Promise<Answer<'GET /api/webhooks/whatsapp/meta/{slug}'>> {
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

/** provider_b event: signature over the exact bytes, then its statuses, messages and template reviews are queued. */
async function providerBEvent(request: ApiRequest): Promise<Answer<'POST /api/webhooks/whatsapp/meta/{slug}'>> {
  const app = await applicationBySlug(request);
  const appSecret = await providerSecret(app, 'providerB.appSecret');
  if (!appSecret || !verifyProviderBSignature(request.rawBody, appSecret, request.headers['x-hub-signature-256'])) {
    throw new HttpError(401, 'invalid_signature', 'The signature does not match');
  }
  // The kit refused a body that is not well-formed UTF-8; a lone surrogate escaped in a string is 400 too.
  const event = parseProviderBWebhook(parseJsonText(request.rawBody.toString('utf8')), new Date().toISOString());
  for (const ignored of event.ignored) {
    if (ignored.kind === 'status') log.info('provider_b status ignored', { status: ignored.status });
    else log.info('provider_b inbound message ignored: no id or sender', { aplicacaoId: app.id });
  }
  for (const callback of event.statuses) await enqueueStatus({ ...callback, aplicacaoId: app.id });
  for (const message of event.messages) await enqueueMessage(app.id, message);
  for (const review of event.templateReviews) await (await adapter('queue')).send('inbound', { ...review, aplicacaoId: app.id });
  return ok();
}

/**
 * Generic inbound webhook (the spec's inbound rules): 413 over 256 KB (the kit's, from the route's
 * maxBodyBytes, before anything here runs), 404 unknown slug, 400 invalid
 * JSON or flow name, 401 when a secret is configured and no active one signs the body. The payload is
 * kept for audit with its flow name (pattern 32) before it is queued, so a 200 means it is kept.
 */
async function genericInbound(request: ApiRequest): Promise<Answer<'POST /api/v1/webhooks/inbound/{slug}/{fluxo}'>> {
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
async function webhookTest(request: ApiRequest): Promise<Answer<'POST /api/webhooks/whatsapp/webhook/test'>> {
  let count = Object.keys(request.query).length;
  if ((request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    count += new Set(new URLSearchParams(request.rawBody.toString('utf8')).keys()).size;
  }
  return json(200, { status: 'ok', message: 'Webhook acessível', params_recebidos: count });
}

export const handler = groupHandler<typeof webhooksContract>('webhooks', {
  'POST /api/webhooks/whatsapp/status': providerAStatus,
  'GET /api/webhooks/whatsapp/meta/{slug}': providerBHandshake,
  'POST /api/webhooks/whatsapp/meta/{slug}': providerBEvent,
  'POST /api/webhooks/whatsapp/webhook/test': webhookTest,
  'POST /api/webhooks/whatsapp/webhook': providerAMessage,
  'POST /api/v1/webhooks/inbound/{slug}/{fluxo}': genericInbound,
  // Imported statically: the function evaluates the ledger's DynamoDB modules at init anyway, and an import() of the
  // payment's module made esbuild keep the whole DynamoDB client in the bundle (+53 KB, +31 ms cold, docs/performance.md).
  'POST /api/webhooks/pagamentos/stripe': stripeEvent,
});

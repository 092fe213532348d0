// Contract of the webhooks the service receives (no authorizer: functions/webhooks/handler.ts checks each
// call's signature over the exact bytes received, then queues it). The providers' bodies are read by
// their wire modules (shared/providers/provider-a/wire.ts, provider-b/wire.ts), loose about fields a
// provider added; the body schemas below document what is read, with the same lists of statuses.
import * as z from 'zod/mini';
import { SLUG } from '#shared/domain/applications/inputs';
import { providerAStatuses } from '#shared/providers/provider-a/wire';
import { providerBStatuses } from '#shared/providers/provider-b/wire';
import { described, named, ok, type GroupContract, type HeaderDoc } from '#shared/http/contract/kit';
import { FLUXO, MAX_CHALLENGE, MAX_VERIFY_TOKEN } from './requests.ts';

const received = named(
  'WebhookReceived',
  z.object({ status: z.literal('ok') }),
  'The call was received (and queued when it is processed).',
);

const slug = described(z.string().check(z.regex(SLUG), z.maxLength(64)), 'The application’s slug.');

// ---------------------------------------------------------------------------------------------
// provider_a (form-encoded callbacks, X-Provider-A-Signature)

const providerASignature: HeaderDoc = {
  name: 'X-Provider-A-Signature',
  description:
    'base64 of HMAC-SHA1, keyed with the application’s provider_a auth token, of the URL the provider called (scheme and host from ' +
    '`X-Forwarded-Proto` / `X-Forwarded-Host` behind a proxy, or the configured public URL) followed by each form field’s name and value, ' +
    'sorted by name. Checked only when the application has an auth token configured (a provider_a application always has one; an inbound ' +
    'message for an application on another provider is never taken).',
  // base64 of a 20-byte HMAC-SHA1: 28 characters; nothing longer can match.
  schema: z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/), z.maxLength(28)),
};

// documented, not validated by a schema: read by parseProviderAMessage (shared/providers/provider-a/wire.ts);
// the handler answers 200 whatever it gets, so that the provider never retries.
const providerAMessageForm = named(
  'ProviderAInboundMessageForm',
  z.looseObject({
    MessageSid: described(z.string(), 'The provider’s message id; without it the message is not processed.'),
    AccountSid: z.optional(z.string()),
    From: described(z.string(), 'The patient: `whatsapp:+<number>`; without it the message is not processed.'),
    To: described(
      z.string(),
      'The application’s number, `whatsapp:+<number>`: it picks the application (an unknown number is not processed).',
    ),
    Body: z.optional(z.string()),
    ProfileName: z.optional(z.string()),
    NumMedia: z.optional(described(z.string().check(z.regex(/^\d+$/)), 'How many media the message carries (MediaUrl0, MediaUrl1...).')),
    MediaUrl0: z.optional(z.string()),
    MediaContentType0: z.optional(z.string()),
    ButtonText: z.optional(described(z.string(), 'The title of a quick-reply button the patient pressed.')),
    ButtonPayload: z.optional(described(z.string(), 'The id of a quick-reply button the patient pressed.')),
  }),
  'A patient’s WhatsApp message as provider_a posts it (form fields; others are ignored).',
);

// documented, not validated by a schema: read by parseProviderAStatus (shared/providers/provider-a/wire.ts),
// whose refusals are 400s with their own messages.
const providerAStatusForm = named(
  'ProviderAStatusForm',
  z.looseObject({
    MessageSid: described(z.string().check(z.maxLength(128)), 'The provider’s id of the message sent.'),
    MessageStatus: described(z.enum(providerAStatuses), 'Case is ignored.'),
    ErrorCode: z.optional(described(z.string(), 'Present when failed or undelivered.')),
    ErrorMessage: z.optional(z.string()),
    Price: z.optional(described(z.string(), 'The provider’s cost of the message (a decimal; its sign is ignored).')),
    PriceUnit: z.optional(described(z.string(), 'The currency of `Price`; only USD is used. Default USD.')),
  }),
  'A delivery status as provider_a posts it (form fields; others are ignored).',
);

// documented, not validated by a schema: `ref` is kept only when well formed (parseSendReference), else ignored.
const statusQuery = z.object({
  ref: z.optional(
    described(
      z.string().check(z.regex(/^\d{1,15}\.\d{1,16}$/), z.maxLength(32)),
      'Our reference of the message (`<aplicacaoId>.<mensagemId>`), as put in the status callback URL given with the send.',
    ),
  ),
});

// ---------------------------------------------------------------------------------------------
// provider_b (JSON events, X-Hub-Signature-256)

const hubSignature: HeaderDoc = {
  name: 'X-Hub-Signature-256',
  required: true,
  description:
    '`sha256=<hex>`: HMAC-SHA256 of the exact body bytes, keyed with the app secret of the application’s provider_b credentials.',
  schema: z.string().check(z.regex(/^sha256=[0-9a-fA-F]{64}$/), z.maxLength(71)),
};

// documented, not validated by a schema: parseProviderBWebhook (shared/providers/provider-b/wire.ts) walks the
// event defensively (an entry, change, status or message it cannot use is skipped, not refused), after the
// handler checked the signature over the raw bytes.
const providerBStatus = z.looseObject({
  id: described(z.string(), 'The provider’s message id.'),
  status: z.enum(providerBStatuses),
  timestamp: z.optional(described(z.string(), 'Unix seconds.')),
  recipient_id: z.optional(z.string()),
  biz_opaque_callback_data: z.optional(described(z.string(), 'Our reference of the message, as given with the send.')),
  errors: z.optional(z.array(z.looseObject({ code: z.optional(z.int()), title: z.optional(z.string()), message: z.optional(z.string()) }))),
  pricing: z.optional(z.looseObject({ billable: z.optional(z.boolean()), category: z.optional(z.string()) })),
});
const providerBEvent = named(
  'ProviderBWebhookEvent',
  z.looseObject({
    object: z.optional(z.string()),
    entry: z.array(
      z.looseObject({
        id: z.optional(z.string()),
        changes: z.array(
          z.looseObject({
            field: described(z.string(), '`messages` (messages and statuses) or `message_template_status_update` (a template review).'),
            value: z.looseObject({
              messaging_product: z.optional(z.string()),
              metadata: z.optional(
                z.looseObject({ display_phone_number: z.optional(z.string()), phone_number_id: z.optional(z.string()) }),
              ),
              contacts: z.optional(
                z.array(
                  z.looseObject({ wa_id: z.optional(z.string()), profile: z.optional(z.looseObject({ name: z.optional(z.string()) })) }),
                ),
              ),
              messages: z.optional(
                described(z.array(z.looseObject({ id: z.string(), from: z.string(), type: z.string() })), 'Patients’ messages.'),
              ),
              statuses: z.optional(described(z.array(providerBStatus), 'Delivery statuses of messages sent.')),
              event: z.optional(described(z.string(), 'Template review: APPROVED, REJECTED, PAUSED...')),
              message_template_id: z.optional(z.union([z.string(), z.int()])),
              reason: z.optional(z.string()),
            }),
          }),
        ),
      }),
    ),
  }),
  'An event of provider_b: patients’ messages, delivery statuses and template reviews.',
);

// documented, not validated by a schema: the handshake reads these three query parameters itself.
const handshakeQuery = z.object({
  'hub.mode': described(z.literal('subscribe'), 'Anything else is a 403.'),
  'hub.verify_token': described(
    z.string().check(z.maxLength(MAX_VERIFY_TOKEN)),
    'Must equal the verify token of the application’s provider_b credentials (at most 200 characters, as the admin API takes it).',
  ),
  'hub.challenge': described(z.string().check(z.maxLength(MAX_CHALLENGE)), 'Answered back as the body; a longer one is a 403.'),
});

// ---------------------------------------------------------------------------------------------
// The generic inbound webhook (X-Service-Signature)

const serviceSignature: HeaderDoc = {
  name: 'X-Service-Signature',
  description:
    '`sha256=<hex_lowercase>`: HMAC-SHA256 of the exact body bytes, keyed with the secret of one of the application’s active inbound ' +
    'subscriptions (any match accepts). Required when at least one active subscription has a secret; otherwise not checked.',
  schema: z.string().check(z.regex(/^sha256=[0-9a-f]{64}$/), z.maxLength(71)),
};

// documented, not validated by a schema: the handler checks `fluxo` with this same pattern (FLUXO), the slug by lookup.
const inboundPath = z.object({
  slug,
  fluxo: described(
    z.string().check(z.regex(FLUXO), z.maxLength(100)),
    'A free flow name, used for routing and audit: 1 to 100 letters, digits, ".", "-" or "_".',
  ),
});

export const webhooksContract = {
  'POST /api/webhooks/whatsapp/webhook': {
    summary: 'provider_a: a patient’s inbound message',
    description:
      'Always answers 200, even when the message is not processed or an internal error happens, so that the provider does not retry. ' +
      'Not processed (logged and counted): a form without `MessageSid` or `From`, a `To` number no application owns, a number whose ' +
      'application does not send through provider_a (provider_b, link: their patients never write through provider_a, so nobody can post ' +
      'their replies here), or a signature that does not match the auth token of the application owning the number (checked only when it ' +
      'has one, which a provider_a application always has through the admin API).',
    body: providerAMessageForm,
    headers: [providerASignature],
    responses: { 200: ok('Received (processed or not).', received) },
  },
  'POST /api/webhooks/whatsapp/status': {
    summary: 'provider_a: a delivery status of a message sent',
    description:
      'The application, and so the auth token that checks the signature, is found through `MessageSid`. A status of a message not ' +
      'known yet (the callback beat the send’s answer) is queued with what is needed to check its signature once the message is known; ' +
      'it is never applied unverified. When the application has an auth token: no signature is a 400 `missing_signature`, a wrong one a ' +
      '403 `invalid_signature`. A callback without a signature whose `MessageSid` names no known message and that carries no `ref` of ' +
      'ours is refused with the same 400 `missing_signature` and not queued (the provider signs every callback it posts).',
    query: statusQuery,
    body: providerAStatusForm,
    headers: [providerASignature],
    responses: { 200: ok('Received and queued.', received) },
    errors: { 400: ['bad_request', 'missing_signature'], 403: ['invalid_signature'] },
  },
  'POST /api/webhooks/whatsapp/webhook/test': {
    summary: 'Check that webhooks are reachable',
    description:
      'Any body. Counts the parameters received: the query’s, and the form fields of an `application/x-www-form-urlencoded` body.',
    responses: {
      200: ok(
        'Reachable.',
        named(
          'WebhookTestResult',
          z.object({
            status: z.literal('ok'),
            message: z.string(),
            params_recebidos: described(z.int(), 'Query parameters plus distinct form field names received.'),
          }),
        ),
      ),
    },
  },
  'GET /api/webhooks/whatsapp/meta/{slug}': {
    summary: 'provider_b: subscription handshake',
    description:
      'Answers `hub.challenge` as plain text when `hub.mode` is `subscribe` and `hub.verify_token` equals the verify token configured for the ' +
      'application’s provider_b credentials; otherwise 403. An unknown slug is a 404.',
    path: z.object({ slug }),
    query: handshakeQuery,
    responses: { 200: { description: 'The `hub.challenge` value, exactly.', contentType: 'text/plain' } },
    errors: { 403: ['forbidden'], 404: ['not_found'] },
  },
  'POST /api/webhooks/whatsapp/meta/{slug}': {
    summary: 'provider_b: an event (messages, delivery statuses, template reviews)',
    description:
      'The signature is checked over the exact bytes first: missing or wrong is a 401. Then each delivery status and each message of each ' +
      'change is queued; what cannot be used (no id, unknown status) is skipped. An unknown slug is a 404.',
    path: z.object({ slug }),
    body: providerBEvent,
    headers: [hubSignature],
    responses: { 200: ok('Received and queued.', received) },
    errors: { 400: ['invalid_json'], 401: ['invalid_signature'], 404: ['not_found'] },
  },
  'POST /api/v1/webhooks/inbound/{slug}/{fluxo}': {
    summary: 'Generic inbound webhook of an application',
    description:
      'Any JSON body, at most 256 KB (262,144 bytes; more is 413 `payload_too_large` with `maxBytes`, before anything is read). The payload is kept for audit with its flow name and queued for processing: a 200 means it is ' +
      'kept. An unknown slug is a 404; invalid JSON or an invalid `fluxo` a 400. When the application has at least one active subscription ' +
      'with a secret, `X-Service-Signature` is required: missing or matching none is a 401.',
    path: inboundPath,
    // documented, not validated by a schema: any JSON value is accepted.
    body: described(z.unknown(), 'Any JSON.'),
    headers: [serviceSignature],
    responses: {
      200: ok(
        'Accepted: kept and queued.',
        named(
          'InboundWebhookAccepted',
          z.object({ aceito: z.literal(true), aplicacao: described(z.string(), 'The application’s slug.'), fluxo: z.string() }),
        ),
      ),
    },
    errors: { 400: ['validation_error', 'invalid_json'], 401: ['invalid_signature'], 404: ['not_found'], 413: ['payload_too_large'] },
  },
  'POST /api/webhooks/pagamentos/stripe': {
    summary: 'Stripe: a plan invoice paid (invoice.paid)',
    description: [
      'The signature is checked over the exact bytes first: `Stripe-Signature` missing, with a timestamp more than 300 s away, or with no `v1` that is the HMAC-SHA256 of `t.body` keyed with the endpoint secret is a 400 and nothing is read (several `v1` values: any one matching accepts).',
      'An `invoice.paid` event names the invoice with `data.object.metadata.faturaId`: an open invoice is paid, crediting its `creditos` as one FATURA_PLANO statement entry; one paid already is a 200 and nothing is credited again, however often Stripe delivers the event. A 409 means another delivery is paying it at this moment: Stripe retries.',
      'Any other event type, an event without a `faturaId`, or one naming an invoice the service does not have, is a 200 and is ignored (retrying could not change it); so is a canceled invoice (logged for the operator).',
    ].join('\n\n'),
    body: named(
      'StripeEvent',
      z.looseObject({
        id: z.optional(z.string().check(z.maxLength(255))),
        type: described(z.string().check(z.maxLength(255)), 'Only `invoice.paid` is acted on.'),
        data: z.optional(
          z.looseObject({
            object: z.optional(
              z.looseObject({
                metadata: z.optional(
                  z.looseObject({
                    faturaId: z.optional(
                      described(z.string().check(z.maxLength(500)), 'The id of our invoice (a Stripe metadata value is a string).'),
                    ),
                  }),
                ),
              }),
            ),
          }),
        ),
      }),
      'A Stripe event, as Stripe sends it; what is read is documented.',
    ),
    headers: [
      {
        name: 'Stripe-Signature',
        required: true,
        description:
          '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<exact body>" keyed with the endpoint secret>`, more `v1` during a secret’s rotation.',
        schema: z.string().check(z.maxLength(2048)),
      },
    ],
    responses: { 200: ok('Received (paid, paid already, or ignored).', received) },
    errors: { 400: ['bad_request', 'invalid_json'], 409: ['conflict'] },
  },
} satisfies GroupContract<'webhooks'>;

// provider_b's webhook events as the service reads them (the edge checked X-Hub-Signature-256 over the
// exact bytes first): `{entry: [{changes: [{field, value}]}]}`, where a change's value carries
//   statuses[]: {id, status sent|delivered|read|failed, timestamp (epoch seconds), biz_opaque_callback_data
//     (our reference, as given with the send), errors[{code, title|message}], pricing {billable, category}};
//   messages[]: a patient's messages (from: digits; type text, interactive button_reply/list_reply, button,
//     image/audio/video/document/sticker; timestamp in epoch seconds), with the value's
//     `contacts[].profile.name` and `metadata.display_phone_number`;
// or, in a change of the field `message_template_status_update`, a template review {event,
// message_template_id, reason}. The event is walked defensively: the schemas are loose about keys the
// provider adds, and an entry, change, status or message that cannot be used is skipped, never refused.
// Pure: what is queued, with the application, is the edge's (functions/webhooks/handler.ts).
import * as z from 'zod/mini';
import type { PatientMessage, TemplateReview } from '#events/inbound-queue';
import type { StatusCallback } from '#events/status-queue';
import type { CallbackStatus } from '#shared/domain/delivery-status';
import { conversationTypes } from '#shared/domain/ledger';
import { parseSendReference } from '#shared/domain/messages/records';
import { str } from '#shared/providers/http';
import { MAX_MESSAGE_ID, messageId, short, text, whatsappPhone, type Normalised } from '#shared/providers/inbound';

/** The delivery statuses provider_b reports (a status outside them is skipped). */
export const providerBStatuses = ['sent', 'delivered', 'read', 'failed'] as const satisfies CallbackStatus[];

/**
 * The schemas, built on the first event rather than at load: the webhooks function's cold start serves
 * provider_a and the generic inbound webhooks as well, and zod schemas cost milliseconds to build in a
 * cold process (docs/performance.md, "Schemas built on first use").
 */
function buildSchemas() {
  /** Anything that is not an array reads as none. */
  const anyList = z.catch(z.array(z.unknown()), []);
  /** A field of the wrong type reads as absent. */
  const orAbsent = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);
  /** provider_b writes words in any case: compared in the case of the list. */
  const lowerOf = <const T extends readonly string[]>(words: T) => z.pipe(z.string().check(z.toLowerCase()), z.enum(words));
  const upperOf = <const T extends readonly string[]>(words: T) => z.pipe(z.string().check(z.toUpperCase()), z.enum(words));

  const event = z.catch(z.looseObject({ entry: anyList }), { entry: [] });
  const entry = z.catch(z.looseObject({ changes: anyList }), { changes: [] });
  const change = z.catch(z.looseObject({ field: z.optional(z.unknown()), value: z.optional(z.unknown()) }), {});
  /** A change's value: what is not an object has neither statuses nor messages. */
  const changeValue = z.catch(z.looseObject({ statuses: anyList, messages: anyList }), { statuses: [], messages: [] });

  const status = z.looseObject({
    // It becomes a key: an id no provider gives is skipped (never cut, which could merge two messages).
    id: z.string().check(z.minLength(1), z.maxLength(MAX_MESSAGE_ID)),
    status: lowerOf(providerBStatuses),
    timestamp: z.optional(z.unknown()),
    biz_opaque_callback_data: orAbsent(z.string()),
    errors: orAbsent(z.array(z.unknown())),
    pricing: orAbsent(
      z.looseObject({
        billable: z.optional(z.unknown()),
        // Only a category the domain prices by (the statement's conversation types).
        category: orAbsent(upperOf(conversationTypes)),
      }),
    ),
  });
  const statusError = z.catch(
    z.looseObject({ code: z.optional(z.unknown()), title: z.optional(z.unknown()), message: z.optional(z.unknown()) }),
    {},
  );

  const templateUpdate = z.looseObject({
    event: orAbsent(z.string()),
    message_template_id: z.optional(z.unknown()),
    reason: orAbsent(z.string()),
  });
  return { event, entry, change, changeValue, status, statusError, templateUpdate };
}
let schemas: ReturnType<typeof buildSchemas> | undefined;
const wire = () => (schemas ??= buildSchemas());

/** A delivery status, for the application whose webhook received it (the edge adds it). */
export type ProviderBStatus = Omit<StatusCallback, 'aplicacaoId' | 'verificacao'>;
/** A template review result, for the application whose webhook received it (the edge adds it). */
export type ProviderBTemplateReview = Omit<TemplateReview, 'aplicacaoId'>;
/** What was skipped, for the edge's log: a status's word (cut, or its type when not text), or a message without id or sender. */
export type ProviderBIgnored = { kind: 'status'; status: string } | { kind: 'message' };

export interface ProviderBWebhook {
  statuses: ProviderBStatus[];
  messages: Normalised[];
  templateReviews: ProviderBTemplateReview[];
  ignored: ProviderBIgnored[];
}

/** Epoch seconds (text or number) as an ISO instant; `fallback` when there is none usable. */
const epochToIso = (timestamp: unknown, fallback: string): string => {
  const seconds = typeof timestamp === 'string' || typeof timestamp === 'number' ? Number(timestamp) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : fallback;
};

/**
 * A provider_b event (JSON already parsed) in the order it came: each change's statuses, then its
 * messages, and the template reviews. `receivedAt`: when the edge received it (the instant of a status
 * or message without a usable timestamp).
 */
export function parseProviderBWebhook(body: unknown, receivedAt: string): ProviderBWebhook {
  const parsed: ProviderBWebhook = { statuses: [], messages: [], templateReviews: [], ignored: [] };
  const { event, entry, change, changeValue } = wire();
  for (const rawEntry of event.parse(body).entry) {
    for (const rawChange of entry.parse(rawEntry).changes) {
      const { field, value } = change.parse(rawChange);
      if (field === 'message_template_status_update') {
        const review = templateReviewOf(value);
        if (review) parsed.templateReviews.push(review);
        continue;
      }
      const { statuses, messages } = changeValue.parse(value);
      for (const raw of statuses) {
        const callback = statusOf(raw, receivedAt);
        if (callback) parsed.statuses.push(callback);
        else parsed.ignored.push({ kind: 'status', status: statusWordOf(raw) });
      }
      for (const m of messages) {
        const message =
          m && typeof m === 'object' ? fromProviderBMessage(m as Record<string, unknown>, value as ProviderBValue, receivedAt) : undefined;
        if (message) parsed.messages.push(message);
        else parsed.ignored.push({ kind: 'message' });
      }
    }
  }
  return parsed;
}

/** A status's word for the log: cut, or its type when it is not text. */
const statusWordOf = (raw: unknown): string => {
  const word = (raw as { status?: unknown } | null | undefined)?.status;
  return typeof word === 'string' ? word.slice(0, 32) : typeof word;
};

/** One status of a change's value, or undefined when it has no usable id or a status the service does not know. */
function statusOf(raw: unknown, receivedAt: string): ProviderBStatus | undefined {
  const { status, statusError } = wire();
  const result = status.safeParse(raw);
  if (!result.success) return undefined;
  const s = result.data;
  const callback: ProviderBStatus = {
    provider: 'provider_b',
    messageSid: s.id,
    status: s.status,
    occurredAt: epochToIso(s.timestamp, receivedAt),
  };
  if (s.biz_opaque_callback_data !== undefined && parseSendReference(s.biz_opaque_callback_data)) {
    callback.referencia = s.biz_opaque_callback_data;
  }
  const error = statusError.parse(s.errors?.[0]);
  const code = str(error.code);
  if (code !== null) callback.errorCode = code.slice(0, 64);
  const title = error.title ?? error.message;
  if (typeof title === 'string') callback.errorMessage = title.slice(0, 500);
  const category = s.pricing?.category;
  if (category) {
    callback.tipoConversa = category;
    // A conversation the provider does not bill costs nothing (the price table is only for billable ones).
    if (s.pricing?.billable === false) callback.priceUsd = '0';
  }
  return callback;
}

/** A template review result of the provider (its id as text, the event word, the reason when there is one). */
function templateReviewOf(value: unknown): ProviderBTemplateReview | undefined {
  const result = wire().templateUpdate.safeParse(value);
  if (!result.success) return undefined;
  const update = result.data;
  const providerTemplateId = str(update.message_template_id);
  const evento = update.event?.slice(0, 64) ?? '';
  if (!providerTemplateId || providerTemplateId.length > 128 || !evento) return undefined;
  const motivo = update.reason !== undefined && update.reason !== 'NONE' ? update.reason.slice(0, 500) : null;
  return { kind: 'template', providerTemplateId, evento, motivo };
}

interface ProviderBValue {
  metadata?: { display_phone_number?: unknown };
  contacts?: { wa_id?: unknown; profile?: { name?: unknown } }[];
}

const mediaTypes = ['image', 'audio', 'video', 'document', 'sticker'] as const;

/** One provider_b message of a change's value, or undefined when it has no id or sender. */
export function fromProviderBMessage(m: Record<string, unknown>, value: ProviderBValue, receivedAt: string): Normalised | undefined {
  const providerMessageId = messageId(m.id);
  const from = whatsappPhone(m.from);
  if (!providerMessageId || !from) return undefined;
  const contact = (Array.isArray(value.contacts) ? value.contacts : []).find((c) => c?.wa_id === m.from) ?? value.contacts?.[0];
  const seconds = Number(m.timestamp);
  const base = {
    kind: 'mensagem' as const,
    provider: 'provider_b' as const,
    providerMessageId,
    from,
    to: whatsappPhone(value.metadata?.display_phone_number) ?? null,
    profileName: short(contact?.profile?.name),
    midias: [] as PatientMessage['midias'],
    recebidaEm: Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : receivedAt,
  };
  const type = typeof m.type === 'string' ? m.type : '';
  const field = (name: string) => (m[name] && typeof m[name] === 'object' ? (m[name] as Record<string, unknown>) : {});
  if (type === 'text') return { ...base, tipo: 'texto', texto: text(field('text').body) };
  if (type === 'interactive') {
    const interactive = field('interactive');
    const reply = (interactive.button_reply ?? interactive.list_reply) as { id?: unknown; title?: unknown } | undefined;
    const titulo = short(reply?.title) ?? '';
    return { ...base, tipo: 'botao', texto: titulo || null, botao: { id: short(reply?.id) ?? '', titulo } };
  }
  if (type === 'button') {
    const button = field('button');
    const titulo = short(button.text) ?? '';
    return { ...base, tipo: 'botao', texto: titulo || null, botao: { id: short(button.payload) ?? titulo, titulo } };
  }
  if ((mediaTypes as readonly string[]).includes(type)) {
    const media = field(type);
    const ref = short(media.id, 256);
    return {
      ...base,
      tipo: 'midia',
      texto: text(media.caption),
      midias: ref ? [{ ref, contentType: short(media.mime_type, 128) }] : [],
    };
  }
  return { ...base, tipo: 'outro', texto: null };
}

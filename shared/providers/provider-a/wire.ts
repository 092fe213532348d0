// provider_a's form-encoded callbacks as the service reads them (the edge checks X-Provider-A-Signature
// over the URL and every field, so the form itself stays as received):
//   a delivery status, posted to the status callback URL given with the send: MessageSid,
//     MessageStatus, ErrorCode/ErrorMessage when failed or undelivered, Price/PriceUnit when known;
//   a patient's message, posted to the application's incoming-message webhook: MessageSid, From/To
//     `whatsapp:+<E.164>`, Body, ProfileName, NumMedia with MediaUrlN/MediaContentTypeN,
//     ButtonPayload/ButtonText of a quick-reply button.
// Any other field is ignored (a callback must not be refused for a field the provider added). A
// repeated field reads as its first value. Pure: the edge knows the application and queues.
import * as z from 'zod/mini';
import type { PatientMessage } from '#events/inbound-queue';
import type { StatusCallback } from '#events/status-queue';
import { absDecimal, callbackStatuses, isDecimal } from '#shared/domain/delivery-status';
import { MAX_MESSAGE_ID, messageId, short, text, whatsappPhone, type Normalised } from '#shared/providers/inbound';

/** The delivery statuses provider_a reports: every status a callback can carry. */
export const providerAStatuses = callbackStatuses;

const MAX_MEDIA = 10;

/** Built on the first status callback rather than at load (docs/performance.md, "Schemas built on first use"). */
function buildStatusForm() {
  const trimmed = z.optional(z.string().check(z.trim()));
  return z.object({
    // It becomes a key: an id no provider gives (provider_a's are 34 characters) is refused before any read.
    MessageSid: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_MESSAGE_ID)),
    // Case is ignored.
    MessageStatus: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.enum(providerAStatuses)),
    ErrorCode: trimmed,
    ErrorMessage: trimmed,
    Price: trimmed,
    PriceUnit: z.optional(z.string()),
  });
}
let statusFormSchema: ReturnType<typeof buildStatusForm> | undefined;

/** The first value of each field the schema reads (absent: undefined), as URLSearchParams.get reads them. */
const fieldsOf = (form: URLSearchParams, names: readonly string[]): Record<string, string | undefined> =>
  Object.fromEntries(names.map((name) => [name, form.get(name) ?? undefined]));

/** A provider_a delivery status, without the application (which the edge finds by the message). */
export type ProviderAStatus = Omit<StatusCallback, 'aplicacaoId' | 'verificacao' | 'referencia'>;

/**
 * A status callback's form: the status, or why it is refused (the edge answers 400 with it).
 * `receivedAt`: the form carries no timestamp, so the status happened when it reached us.
 */
export function parseProviderAStatus(form: URLSearchParams, receivedAt: string): { callback: ProviderAStatus } | { refusal: string } {
  const statusForm = (statusFormSchema ??= buildStatusForm());
  const result = statusForm.safeParse(fieldsOf(form, Object.keys(statusForm.shape)));
  if (!result.success) {
    const tooLong = result.error.issues.some((issue) => issue.path[0] === 'MessageSid' && issue.code === 'too_big');
    return { refusal: tooLong ? 'MessageSid is too long' : 'MessageSid and a known MessageStatus are required' };
  }
  const fields = result.data;
  const callback: ProviderAStatus = {
    provider: 'provider_a',
    messageSid: fields.MessageSid,
    status: fields.MessageStatus,
    occurredAt: receivedAt,
  };
  if (fields.ErrorCode) callback.errorCode = fields.ErrorCode.slice(0, 64);
  if (fields.ErrorMessage) callback.errorMessage = fields.ErrorMessage.slice(0, 500);
  const price = fields.Price;
  if (price && isDecimal(price) && (fields.PriceUnit ?? 'USD').toUpperCase() === 'USD') callback.priceUsd = absDecimal(price);
  return { callback };
}

/** A patient's message form, or undefined when it lacks the message id or a valid sender. */
export function parseProviderAMessage(form: URLSearchParams, receivedAt: string): Normalised | undefined {
  const providerMessageId = messageId(form.get('MessageSid')?.trim());
  const from = whatsappPhone(form.get('From'));
  if (!providerMessageId || !from) return undefined;
  const count = Math.min(Math.max(Number(form.get('NumMedia') ?? 0) || 0, 0), MAX_MEDIA);
  const midias: PatientMessage['midias'] = [];
  for (let i = 0; i < count; i++) {
    const ref = short(form.get(`MediaUrl${i}`), 2048);
    if (ref) midias.push({ ref, contentType: short(form.get(`MediaContentType${i}`), 128) });
  }
  const buttonText = text(form.get('ButtonText'));
  const buttonPayload = short(form.get('ButtonPayload'));
  const body = text(form.get('Body'));
  const botao =
    buttonText || buttonPayload ? { id: buttonPayload ?? buttonText ?? '', titulo: buttonText ?? buttonPayload ?? '' } : undefined;
  return {
    kind: 'mensagem',
    provider: 'provider_a',
    providerMessageId,
    from,
    to: whatsappPhone(form.get('To')) ?? null,
    profileName: short(form.get('ProfileName')),
    tipo: botao ? 'botao' : midias.length > 0 ? 'midia' : body ? 'texto' : 'outro',
    texto: botao ? botao.titulo : body,
    ...(botao ? { botao } : {}),
    midias,
    recebidaEm: receivedAt,
  };
}

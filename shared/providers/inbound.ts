// A patient's message as each provider posts it, normalised to the one internal shape the inbound
// consumer handles (events/inbound-queue.ts `patientMessage`). Pure: the edge checked the signature
// and knows the application.
//   provider_a: the form of its incoming-message webhook (MessageSid, From/To `whatsapp:+<E.164>`,
//     Body, ProfileName, NumMedia with MediaUrlN/MediaContentTypeN, ButtonPayload/ButtonText of a
//     quick-reply button);
//   provider_b: one object of `entry[].changes[].value.messages[]` (from: digits; type text,
//     interactive button_reply/list_reply, button, image/audio/video/document/sticker; timestamp in
//     epoch seconds), with the value's `contacts[].profile.name` and `metadata.display_phone_number`.
import type { PatientMessage } from '#events/inbound-queue';
import { normalizePhone } from '#shared/domain/phone';

const MAX_TEXT = 4096;
const MAX_MEDIA = 10;

const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value.slice(0, MAX_TEXT) : null);
const short = (value: unknown, max = 256): string | null => (typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null);
/** A provider's message id, used in a key: refused (never cut, which could merge two messages) beyond 128 characters. */
export const MAX_MESSAGE_ID = 128;
const messageId = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_MESSAGE_ID ? value : null;

/** `whatsapp:+5511...`, `+5511...` or bare digits (provider_b) -> E.164; undefined when it is not a phone number. */
export function whatsappPhone(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.replace(/^whatsapp:/i, '').trim();
  return normalizePhone(/^\d+$/.test(value) ? `+${value}` : value);
}

export type Normalised = Omit<PatientMessage, 'aplicacaoId'>;

/** provider_a's form, or undefined when it lacks the message id or a valid sender. */
export function fromProviderAForm(form: URLSearchParams, receivedAt: string): Normalised | undefined {
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

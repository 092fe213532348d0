// A patient's message as each provider posts it is normalised to the one internal shape the inbound
// consumer handles (events/inbound-queue.ts `patientMessage`) by the provider's wire module
// (shared/providers/provider-a/wire.ts, provider-b/wire.ts); this is what both share: the limits of
// its fields and the phones.
import type { PatientMessage } from '#events/inbound-queue';
import { normalizePhone } from '#shared/domain/phone';

const MAX_TEXT = 4096;

/** A message's text (a body, a caption, a button title), cut at 4096 characters; null when empty or not text. */
export const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value.slice(0, MAX_TEXT) : null);
/** A short field (a name, an id, a media reference), cut at `max`; null when empty or not text. */
export const short = (value: unknown, max = 256): string | null =>
  typeof value === 'string' && value.length > 0 ? value.slice(0, max) : null;
/** A provider's message id, used in a key: refused (never cut, which could merge two messages) beyond 128 characters. */
export const MAX_MESSAGE_ID = 128;
export const messageId = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_MESSAGE_ID ? value : null;

/** `whatsapp:+5511...`, `+5511...` or bare digits (provider_b) -> E.164; undefined when it is not a phone number. */
export function whatsappPhone(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const value = raw.replace(/^whatsapp:/i, '').trim();
  return normalizePhone(/^\d+$/.test(value) ? `+${value}` : value);
}

export type Normalised = Omit<PatientMessage, 'aplicacaoId'>;

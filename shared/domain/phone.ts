// Phone numbers as the API accepts them: the country code is required, written with a leading
// + or 00; spaces, dashes, dots and parentheses are decoration. The result is +E.164.
import { invalid } from '#shared/domain/errors';

const DECORATION = /[\s\-().]/g;

/** '+55 (11) 99999-8888' / '0055 11 999998888' -> '+5511999998888'; undefined when it is not such a number. */
export function normalizePhone(raw: string): string | undefined {
  const compact = raw.replace(DECORATION, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : undefined;
  // E.164: at most 15 digits; a country code never starts with 0.
  if (digits === undefined || !/^[1-9]\d{7,14}$/.test(digits)) return undefined;
  return `+${digits}`;
}

/** The normalised phone of an input field, or a 400 naming the field. */
export function phoneField(raw: string, field: string): string {
  const telefone = normalizePhone(raw);
  if (!telefone) throw invalid(`${field} must be a phone number with its country code, e.g. +5511999998888`, field);
  return telefone;
}

/**
 * The most entries a request's list of WhatsApp numbers may have as sent, repeats included (an application's,
 * a sector's): a cap on the request only; the domain then allows far fewer distinct numbers
 * (MAX_WHATSAPP_NUMBERS of shared/domain/applications/inputs.ts).
 */
export const MAX_NUMBERS = 200;

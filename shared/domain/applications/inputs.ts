// Tenants: the checks of what an application is given (its numbers, slug, scopes).
import { invalid } from '#shared/domain/errors';
import { normalizePhone } from '#shared/domain/phone';
import { scopes as knownScopes, type Scope } from '#shared/domain/permissions';

export const MAX_WHATSAPP_NUMBERS = 10;

/** A list of numbers as given (E.164 with +, or 00), normalised, without repeats; invalid ones are a validation error. */
export function whatsappNumbers(raw: readonly string[], field = 'numeros'): string[] {
  const out: string[] = [];
  for (const value of raw) {
    const numero = normalizePhone(value);
    if (!numero) throw invalid(`${value} is not a phone number with its country code`, field);
    if (!out.includes(numero)) out.push(numero);
  }
  if (out.length > MAX_WHATSAPP_NUMBERS) throw invalid(`at most ${MAX_WHATSAPP_NUMBERS} numbers`, field);
  return out;
}

/** The numbers with provider_a's sending number among them (first when it was not there). */
export const withProviderANumber = (numeros: readonly string[], providerA: { fromNumber?: string } | undefined): string[] => {
  const from = providerA?.fromNumber ? normalizePhone(providerA.fromNumber) : undefined;
  return from && !numeros.includes(from) ? [from, ...numeros] : [...numeros];
};

/** The shape of an application slug (webhook paths carry it). */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
export function validScopes(requested: readonly string[]): Scope[] {
  const unknown = requested.filter((s) => !(knownScopes as readonly string[]).includes(s));
  if (unknown.length > 0) throw invalid(`unknown scopes: ${unknown.join(' ')}`, 'scopes');
  return [...new Set(requested)] as Scope[];
}

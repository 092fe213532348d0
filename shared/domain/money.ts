// Exact money arithmetic on integer cents (BigInt). Amounts travel as decimal strings ("0.10")
// and are stored as DynamoDB numbers; they never pass through a float.

export type Cents = bigint;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string (or a DynamoDB number's text) as cents. Trailing zeros beyond two places are
 * accepted ("1.500" from DynamoDB); a significant third decimal is refused, since nothing here
 * may round silently.
 */
export function toCents(value: string): Cents {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const [, sign, units, fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(2))) throw new Error(`more than two decimal places: ${value}`);
  const cents = BigInt(units as string) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** Cents as a decimal string with exactly two places ("-1.05", "0.30"). */
export function fromCents(cents: Cents): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const units = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units}.${fraction}`;
}

/** A positive amount written by a person: digits, at most two decimals, greater than zero. */
export const POSITIVE_AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

export const isPositiveAmount = (value: string): boolean => POSITIVE_AMOUNT.test(value) && toCents(value) > 0n;

export const addAmounts = (a: string, b: string): string => fromCents(toCents(a) + toCents(b));
export const subtractAmounts = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));

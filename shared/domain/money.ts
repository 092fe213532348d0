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

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** `99.9` / `99` / `99.90` -> `99.90`. Throws on anything that is not a non-negative amount with at most two places. */
export function toMoney(value: string): string {
  const text = value.trim();
  if (!MONEY.test(text)) throw new Error(`not a money amount: ${value}`);
  const [units, cents = ''] = text.split('.');
  return `${BigInt(units!).toString()}.${cents.padEnd(2, '0')}`;
}

/** A positive amount written by a person: digits, at most two decimals, greater than zero. */
export const POSITIVE_AMOUNT = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

export const isPositiveAmount = (value: string): boolean => POSITIVE_AMOUNT.test(value) && toCents(value) > 0n;

export const addAmounts = (a: string, b: string): string => fromCents(toCents(a) + toCents(b));
export const subtractAmounts = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));

// ---------------------------------------------------------------------------------------------
// Exact decimals of any scale (provider costs in USD such as "0.0050", exchange rates such as
// "5.4321", their BRL conversions). A value is an integer of units of 10^-scale: same rule as
// the cents above, nothing is rounded unless a function says it rounds.

/** A decimal string as an integer of 10^-scale units; a significant digit beyond `scale` places is refused. */
export function toScaled(value: string, scale: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const [, sign, units, fraction = ''] = match;
  if (/[1-9]/.test(fraction.slice(scale))) throw new Error(`more than ${scale} decimal places: ${value}`);
  const scaled = BigInt(units as string) * 10n ** BigInt(scale) + BigInt(fraction.slice(0, scale).padEnd(scale, '0') || '0');
  return sign ? -scaled : scaled;
}

/** An integer of 10^-scale units as a decimal string with exactly `scale` places. */
export function fromScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const factor = 10n ** BigInt(scale);
  const units = abs / factor;
  const fraction = scale > 0 ? `.${(abs % factor).toString().padStart(scale, '0')}` : '';
  return `${negative ? '-' : ''}${units}${fraction}`;
}

/** How many decimal places a decimal string carries, trailing zeros ignored ("0.0050" -> 3). */
export function decimalPlaces(value: string): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  return (match[3] ?? '').replace(/0+$/, '').length;
}

/** The same number written with exactly `scale` places, refusing to drop a significant digit ("0.005", 4 -> "0.0050"). */
export const formatDecimal = (value: string, scale: number): string => fromScaled(toScaled(value, scale), scale);

/** Divides rounding half away from zero (commercial rounding). */
function divideRounded(numerator: bigint, divisor: bigint): bigint {
  const negative = numerator < 0n !== divisor < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = divisor < 0n ? -divisor : divisor;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/**
 * a * b with `scale` places, rounded half away from zero: the one place where money is rounded
 * (a USD cost times the exchange rate gives more places than a BRL amount keeps).
 */
export function multiplyDecimals(a: string, b: string, scale: number): string {
  const sa = Math.max(decimalPlaces(a), 0);
  const sb = Math.max(decimalPlaces(b), 0);
  const product = toScaled(a, sa) * toScaled(b, sb); // exact, sa + sb places
  const shift = sa + sb - scale;
  const result = shift > 0 ? divideRounded(product, 10n ** BigInt(shift)) : product * 10n ** BigInt(-shift);
  return fromScaled(result, scale);
}

/** Compares two decimal strings of any scale: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const scale = Math.max(decimalPlaces(a), decimalPlaces(b));
  const diff = toScaled(a, scale) - toScaled(b, scale);
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** A non-negative decimal written by a person with at most `places` decimals ("0.0050" with 4 or more). */
export const isNonNegativeDecimal = (value: string, places: number): boolean =>
  new RegExp(`^(?:0|[1-9]\\d{0,11})(?:\\.\\d{1,${places}})?$`).test(value);

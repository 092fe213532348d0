// How the table's numbers read back as decimal strings. The document client returns an integer as a
// number and anything with a fraction as an exact NumberValue (shared/db/client.ts); money never
// passes through a float on the way.
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import { decimalPlaces, formatDecimal, fromCents, toCents } from '#shared/domain/money';

/** A stored number's exact decimal text, as DynamoDB normalised it ("5", "0.005", "5.4321"). */
export const numberText = (value: unknown): string => (value instanceof NumberValue ? value.toString() : String(value));

/** A stored charge (balance, valor, tariff) with exactly two places; a significant third place throws. */
export const storedAmount = (value: unknown): string => fromCents(toCents(numberText(value)));

/** A stored number with at least `minPlaces` places, never cut ("0.005", 4 -> "0.0050"; "1.5", 2 -> "1.50"). */
export const storedDecimal = (value: unknown, minPlaces: number): string => {
  const text = numberText(value);
  return formatDecimal(text, Math.max(minPlaces, decimalPlaces(text)));
};

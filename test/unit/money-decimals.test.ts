// Exact decimals of any scale (provider costs in USD, exchange rates, their BRL conversions).
import { describe, expect, it } from 'vitest';
import {
  compareDecimals,
  decimalPlaces,
  formatDecimal,
  fromScaled,
  isNonNegativeDecimal,
  multiplyDecimals,
  toScaled,
} from '#shared/domain/money';

describe('decimals of any scale', () => {
  it('reads and writes scaled units exactly, refusing a significant digit beyond the scale', () => {
    expect(toScaled('0.0050', 6)).toBe(5000n);
    expect(toScaled('-1.5', 4)).toBe(-15000n);
    expect(fromScaled(5000n, 6)).toBe('0.005000');
    expect(fromScaled(-15000n, 4)).toBe('-1.5000');
    expect(fromScaled(7n, 0)).toBe('7');
    expect(() => toScaled('0.0000001', 6)).toThrow(/6 decimal places/);
    expect(formatDecimal('0.005', 4)).toBe('0.0050');
    expect(decimalPlaces('0.0050')).toBe(3);
  });

  it('converts a USD cost at the rate, rounding half away from zero only at the requested places', () => {
    expect(multiplyDecimals('0.0050', '5.4321', 6)).toBe('0.027161'); // 0.02716050 -> half up
    expect(multiplyDecimals('0.0050', '5.4321', 8)).toBe('0.02716050');
    expect(multiplyDecimals('0.0085', '5.0000', 4)).toBe('0.0425');
    expect(multiplyDecimals('0.1', '0.2', 2)).toBe('0.02');
    expect(multiplyDecimals('-0.005', '1', 2)).toBe('-0.01');
  });

  it('compares and validates', () => {
    expect(compareDecimals('0.10', '0.1')).toBe(0);
    expect(compareDecimals('0.0999', '0.1')).toBe(-1);
    expect(isNonNegativeDecimal('0.0050', 4)).toBe(true);
    expect(isNonNegativeDecimal('0.00500', 4)).toBe(false);
    expect(isNonNegativeDecimal('-1', 4)).toBe(false);
  });
});

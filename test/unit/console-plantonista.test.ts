// The physician portal pages' pure parts: what the masks make of what is typed (times, CEPs), amounts in
// reais to the API's decimal strings, and the UF select's options against the API's list of states.
import { describe, expect, it } from 'vitest';
import { brazilianStates } from '#shared/domain/physicians';
import { amount, amountField, maskCep, maskTime, ufOptions } from '../../console/src/pages/plantonista/model.ts';

describe('the physician portal`s fields', () => {
  it('put the colon into a time and the dash into a CEP as they are typed, dropping anything else', () => {
    expect(['0', '07', '070', '0700', '07:00', '7h30', '07:000', 'ab'].map(maskTime)).toEqual([
      '0',
      '07',
      '07:0',
      '07:00',
      '07:00',
      '73:0',
      '07:00',
      '',
    ]);
    expect(['0131', '01310', '013101', '01310100', '01310-100', '01.310-1009', 'x'].map(maskCep)).toEqual([
      '0131',
      '01310',
      '01310-1',
      '01310-100',
      '01310-100',
      '01310-100',
      '',
    ]);
  });

  it('send an amount as the API`s decimal, blank as null, and what is no amount as typed (the API names it)', () => {
    expect(['1.500,00', '1500,5', 'R$ 1200', '950.5', ' ', '', '15,000'].map(amount)).toEqual([
      '1500.00',
      '1500.50',
      '1200.00',
      '950.50',
      null,
      null,
      '15,000',
    ]);
    expect([amountField('1500.00'), amountField(null)]).toEqual(['1500,00', '']);
  });

  it('offer every UF the API takes, once', () => {
    expect(ufOptions.map(([uf]) => uf).sort()).toEqual([...brazilianStates].sort());
  });
});

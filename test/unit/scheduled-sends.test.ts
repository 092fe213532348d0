// Scheduled sends (#35), the rules without a table: the local date-time `agendarPara` names an instant of São Paulo,
// the window (a minute to 35 days ahead, both ends included), and what a refusal at the scheduled time records.
import { describe, expect, it } from 'vitest';
import { DomainError } from '#shared/domain/errors';
import {
  isFinalRefusal,
  notScheduled,
  scheduledFailureMessage,
  scheduledFailures,
  scheduledInstant,
} from '#shared/domain/messages/schedule';
import { instantOfLocal, localDateTime } from '#shared/domain/time';

describe('instantOfLocal', () => {
  it.each([
    ['2026-11-28T15:30:00', '2026-11-28T18:30:00.000Z'],
    ['2026-01-01T00:00:00', '2026-01-01T03:00:00.000Z'],
    // Daylight saving (until 2019): UTC-2 in summer.
    ['2018-12-25T12:00:00', '2018-12-25T14:00:00.000Z'],
  ])('reads %s as São Paulo’s wall clock', (text, iso) => {
    expect(instantOfLocal(text)?.toISOString()).toBe(iso);
    expect(localDateTime(new Date(iso))).toBe(text);
  });

  it.each([
    ['a day that does not exist', '2027-02-30T10:00:00'],
    ['hour 24', '2026-11-28T24:00:00'],
    ['an hour the clock skipped (daylight saving began at midnight)', '2018-11-04T00:30:00'],
    ['no seconds', '2026-11-28T15:30'],
    ['a zone', '2026-11-28T15:30:00Z'],
    ['fractions', '2026-11-28T15:30:00.000'],
  ])('refuses %s', (_, text) => {
    expect(instantOfLocal(text)).toBeUndefined();
  });
});

describe('scheduledInstant (the window)', () => {
  const now = new Date('2026-11-28T18:00:00.000Z'); // 15:00 in São Paulo

  it('takes a minute ahead and 35 days ahead, both included', () => {
    expect(scheduledInstant('2026-11-28T15:01:00', now).toISOString()).toBe('2026-11-28T18:01:00.000Z');
    expect(scheduledInstant('2027-01-02T15:00:00', now).toISOString()).toBe('2027-01-02T18:00:00.000Z');
  });

  it.each([
    ['59 seconds ahead', '2026-11-28T15:00:59', 'at least 1 minute'],
    ['now', '2026-11-28T15:00:00', 'at least 1 minute'],
    ['in the past', '2025-01-01T00:00:00', 'at least 1 minute'],
    ['35 days and a second ahead', '2027-01-02T15:00:01', 'at most 35 days'],
    ['not a date-time', '2026-11-31T10:00:00', 'YYYY-MM-DDTHH:mm:ss'],
  ])('refuses %s with 400 naming agendarPara', (_, text, says) => {
    expect(() => scheduledInstant(text, now)).toThrow(expect.objectContaining({ kind: 'validation', details: { field: 'agendarPara' } }));
    expect(() => scheduledInstant(text, now)).toThrow(says);
  });
});

describe('a refusal at the scheduled time', () => {
  it('fails the message for a short balance, an inactive application, a missing one or no tariff', () => {
    const short = new DomainError('insufficient_balance', 'Insufficient balance', { saldo: '0.05' });
    expect(isFinalRefusal(short)).toBe(true);
    expect(scheduledFailures[short.kind as 'insufficient_balance']).toBe('SALDO_INSUFICIENTE');
    expect(scheduledFailureMessage(short as DomainError & { kind: 'insufficient_balance' })).toBe(
      'Saldo insuficiente no horário agendado (saldo 0.05): a mensagem não foi enviada nem cobrada',
    );
    for (const kind of ['forbidden', 'not_found', 'unprocessable'] as const) expect(isFinalRefusal(new DomainError(kind, 'x'))).toBe(true);
  });

  it('leaves for the next run what a retry may get through (a race, the table), and a message no longer scheduled alone', () => {
    expect(isFinalRefusal(new DomainError('conflict', 'The balance is changing concurrently; try again'))).toBe(false);
    expect(isFinalRefusal(notScheduled)).toBe(false);
    expect(isFinalRefusal(new Error('throttled'))).toBe(false);
  });
});

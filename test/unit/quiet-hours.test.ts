// Quiet hours (#36): the daily send window in the service's time zone (São Paulo, UTC-3 today), whether a moment is
// inside it and when it next opens.
import { describe, expect, it } from 'vitest';
import { defaultSendWindow, insideWindow, windowOpensAt, type SendWindow } from '#shared/domain/quiet-hours';
import { localDateTime } from '#shared/domain/time';

/** A São Paulo local date-time (UTC-3, no daylight saving since 2019) as the instant it names. */
const sp = (local: string) => new Date(`${local}-03:00`);
const opensAt = (window: SendWindow, local: string) => localDateTime(windowOpensAt(window, sp(local)));

describe('the default window, 08:00-20:00 São Paulo', () => {
  it('is 08:00 to 20:00', () => expect(defaultSendWindow).toEqual({ horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' }));

  it.each([
    ['2026-11-23T08:00:00', true], // the opening itself
    ['2026-11-23T12:30:00', true],
    ['2026-11-23T19:59:59', true], // the last second
    ['2026-11-23T07:59:59', false], // a second before the opening
    ['2026-11-23T20:00:00', false], // the closing itself
    ['2026-11-23T22:00:00', false],
    ['2026-11-23T23:59:59', false],
    ['2026-11-24T00:00:00', false], // midnight
    ['2026-11-24T03:00:00', false],
  ])('%s is inside: %s', (local, inside) => expect(insideWindow(defaultSendWindow, sp(local))).toBe(inside));

  it('reads the clock in São Paulo, not in UTC: 11:00Z is 08:00 there, 22:59Z is 19:59', () => {
    expect(insideWindow(defaultSendWindow, new Date('2026-11-23T10:59:59Z'))).toBe(false);
    expect(insideWindow(defaultSendWindow, new Date('2026-11-23T11:00:00Z'))).toBe(true);
    expect(insideWindow(defaultSendWindow, new Date('2026-11-23T22:59:59Z'))).toBe(true);
    expect(insideWindow(defaultSendWindow, new Date('2026-11-23T23:00:00Z'))).toBe(false);
  });

  it('opens at the moment itself when it is inside', () => {
    const at = new Date('2026-11-23T15:17:42.123Z');
    expect(windowOpensAt(defaultSendWindow, at)).toEqual(at);
  });

  it('opens the same day at 08:00 before the opening, the next day at or after the closing', () => {
    expect(opensAt(defaultSendWindow, '2026-11-23T07:59:59')).toBe('2026-11-23T08:00:00');
    expect(opensAt(defaultSendWindow, '2026-11-23T06:00:00')).toBe('2026-11-23T08:00:00');
    expect(opensAt(defaultSendWindow, '2026-11-23T20:00:00')).toBe('2026-11-24T08:00:00');
    expect(opensAt(defaultSendWindow, '2026-11-23T22:00:00')).toBe('2026-11-24T08:00:00');
    expect(windowOpensAt(defaultSendWindow, sp('2026-11-23T22:00:00')).toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });

  it('around midnight: just before it is the next day, just after it the same (new) day', () => {
    expect(opensAt(defaultSendWindow, '2026-11-23T23:59:59')).toBe('2026-11-24T08:00:00');
    expect(opensAt(defaultSendWindow, '2026-11-24T00:00:00')).toBe('2026-11-24T08:00:00');
    expect(opensAt(defaultSendWindow, '2026-11-24T00:00:01')).toBe('2026-11-24T08:00:00');
  });

  it('crosses months and years', () => {
    expect(opensAt(defaultSendWindow, '2026-11-30T21:00:00')).toBe('2026-12-01T08:00:00');
    expect(opensAt(defaultSendWindow, '2026-12-31T23:30:00')).toBe('2027-01-01T08:00:00');
  });

  it('opens at a whole second even from a moment with milliseconds', () => {
    expect(windowOpensAt(defaultSendWindow, new Date('2026-11-24T01:00:00.750Z')).toISOString()).toBe('2026-11-24T11:00:00.000Z');
  });
});

describe('a window of its own, 07:30-22:15', () => {
  const window: SendWindow = { horarioEnvioInicio: '07:30', horarioEnvioFim: '22:15' };

  it.each([
    ['2026-11-23T07:29:59', false],
    ['2026-11-23T07:30:00', true],
    ['2026-11-23T20:30:00', true], // outside the default, inside this one
    ['2026-11-23T22:14:59', true],
    ['2026-11-23T22:15:00', false],
  ])('%s is inside: %s', (local, inside) => expect(insideWindow(window, sp(local))).toBe(inside));

  it('opens at 07:30, the same day or the next', () => {
    expect(opensAt(window, '2026-11-23T07:00:00')).toBe('2026-11-23T07:30:00');
    expect(opensAt(window, '2026-11-23T22:15:00')).toBe('2026-11-24T07:30:00');
    expect(opensAt(window, '2026-11-24T00:10:00')).toBe('2026-11-24T07:30:00');
    expect(opensAt(window, '2026-11-23T21:00:00')).toBe('2026-11-23T21:00:00');
  });
});

describe('an opening in a skipped hour', () => {
  // São Paulo last had daylight saving in 2018-19: on 2018-11-04 the clock went from 00:00 straight to 01:00.
  it('opens an hour later on the clock, the first moment inside the window that day', () => {
    const window: SendWindow = { horarioEnvioInicio: '00:30', horarioEnvioFim: '20:00' };
    const opening = windowOpensAt(window, new Date('2018-11-04T00:00:00Z')); // 21:00 on the 3rd, UTC-3
    expect(opening.toISOString()).toBe('2018-11-04T03:30:00.000Z');
    expect(localDateTime(opening)).toBe('2018-11-04T01:30:00');
    expect(insideWindow(window, opening)).toBe(true);
  });
});

describe('a window to the end of the day, 24:00', () => {
  it('holds the day`s last minute; the whole day when it opens at 00:00', () => {
    const evenings: SendWindow = { horarioEnvioInicio: '18:00', horarioEnvioFim: '24:00' };
    expect(insideWindow(evenings, sp('2026-11-23T23:59:59'))).toBe(true);
    expect(insideWindow(evenings, sp('2026-11-24T00:00:00'))).toBe(false);
    expect(opensAt(evenings, '2026-11-24T00:00:00')).toBe('2026-11-24T18:00:00');
    const allDay: SendWindow = { horarioEnvioInicio: '00:00', horarioEnvioFim: '24:00' };
    for (const local of ['2026-11-23T00:00:00', '2026-11-23T12:00:00', '2026-11-23T23:59:59']) expect(opensAt(allDay, local)).toBe(local);
  });
});

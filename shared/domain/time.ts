// Time as the spec writes it: local date-times without a zone, in the service's time zone.

export const serviceTimeZone = 'America/Sao_Paulo';

/** The one clock of the dependencies: whatever needs the time takes a Clock (tests pass a fixed one). */
export type Clock = () => Date;

/** The real clock, every dependency's default. */
export const systemClock: Clock = () => new Date();

/** A moment as whole seconds since the epoch: how tokens, sessions and login limits store it. */
export const epochSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);

let localFormat: Intl.DateTimeFormat | undefined;

/** ISO 8601 local date-time without zone, in the service's time zone (the spec's timestamp form). */
export function localDateTime(date: Date, timeZone = serviceTimeZone): string {
  const format =
    timeZone === serviceTimeZone && localFormat
      ? localFormat
      : new Intl.DateTimeFormat('en-CA', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        });
  if (timeZone === serviceTimeZone) localFormat = format;
  const part = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}`;
}

/**
 * The instant a local date-time without a zone (`2026-11-28T15:30:00`, the spec's form) names in the service's time
 * zone; undefined for text of another form or a time that does not exist there (2026-02-30, 24:00, a skipped hour).
 */
export function instantOfLocal(text: string, timeZone = serviceTimeZone): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The zone's offset at that moment (read twice: near a change of offset the first guess may be on its other side).
  const offsetAt = (instant: number) => Date.parse(`${localDateTime(new Date(instant), timeZone)}Z`) - instant;
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  const found = new Date(instant);
  return localDateTime(found, timeZone) === text ? found : undefined;
}

/** A stored instant (ISO 8601 in UTC) as the API shows every time: the local date-time without a zone; null stays null. */
export const shownTime = <T extends string | null | undefined>(instant: T): T extends string ? string : null =>
  (typeof instant === 'string' ? localDateTime(new Date(instant)) : null) as T extends string ? string : null;

/** The date (YYYY-MM-DD) of an instant in the service's time zone: what the API calls "today". */
export const localDate = (date: Date): string => localDateTime(date).slice(0, 10);

/** A calendar date `days` later (earlier when negative), YYYY-MM-DD. */
export const addDays = (day: string, days: number): string => {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** A real calendar date written YYYY-MM-DD (not 2026-02-30). */
export const isCalendarDate = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && addDays(text, 0) === text;

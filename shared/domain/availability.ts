// The on-call physician's availability (docs/data-model.md, pattern 39): per day, windows that are
// DISPONIVEL (the physician's own, replaced whole by a PUT) or RESERVADO (taken by a booking, never
// touched here). Only the next WINDOW_DAYS days, today included, in the service's time zone, can be
// read or written. A day's replacement is conditioned on the `versao` read, so a reservation or
// replacement committed meanwhile is never overwritten: the loser reads again and re-applies.
import { conflict, invalid } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';

export const availabilityStates = ['DISPONIVEL', 'RESERVADO'] as const;
export type AvailabilityState = (typeof availabilityStates)[number];

/** Days that can be read or written: today .. today + WINDOW_DAYS - 1. */
export const WINDOW_DAYS = 90;
/** Periods per day: an hour each at the finest still fits, and a day stays a small item. */
export const MAX_PERIODS_PER_DAY = 24;
/** Days of a batch: the whole window, one transaction (TransactWriteItems takes 100). */
const MAX_BATCH_DAYS = WINDOW_DAYS;
/** Lost races (concurrent reservation or replacement of the same day) before answering 409. */
const MAX_ATTEMPTS = 5;

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** HH:MM from 00:00 to 23:59, or 24:00 (the end of the day, allowed as an end only). */
export const TIME_PATTERN = /^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/;

export interface Period {
  inicio: string;
  fim: string;
}

export interface Window extends Period {
  estado: AvailabilityState;
}

/** A stored day: its windows sorted by start, and the version its next write is conditioned on. */
export interface AvailabilityDay {
  dia: string;
  janelas: Window[];
  versao: number;
}

/** A window as the portal lists it. */
export interface DatedWindow extends Window {
  data: string;
}

/** A day's new windows, to be written only if the day is still at `antes` (undefined: it had no item). */
export interface DayWrite {
  dia: string;
  antes: number | undefined;
  janelas: Window[];
  versao: number;
}

export interface AvailabilityRepository {
  /** The physician's stored days from `first` to `last` (inclusive), in date order. */
  range(aplicacaoId: number, userId: number, first: string, last: string): Promise<AvailabilityDay[]>;
  /** The stored days among `dias` (consistent reads); a day never written is absent. */
  days(aplicacaoId: number, userId: number, dias: readonly string[]): Promise<AvailabilityDay[]>;
  /** Writes every day or none, each conditioned on its `antes`; false when one of them changed meanwhile. */
  save(aplicacaoId: number, userId: number, writes: readonly DayWrite[]): Promise<boolean>;
}

// ---------------------------------------------------------------------------------------------
// Dates and times

/** A real calendar date in YYYY-MM-DD (2026-02-30 is not). */
export function isDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const isTime = (value: string): boolean => TIME_PATTERN.test(value);

export function addDays(dia: string, days: number): string {
  const d = new Date(`${dia}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first and last day that can be read or written at `now`: today in São Paulo, and 89 days later. */
export function availabilityWindow(now: Date): { first: string; last: string } {
  const first = localDateTime(now).slice(0, 10);
  return { first, last: addDays(first, WINDOW_DAYS - 1) };
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Half-open intervals: 10:00-12:00 and 12:00-14:00 do not overlap. */
const overlaps = (a: Period, b: Period) => minutes(a.inicio) < minutes(b.fim) && minutes(b.inicio) < minutes(a.fim);

const byStart = (a: Period, b: Period) => minutes(a.inicio) - minutes(b.inicio) || minutes(a.fim) - minutes(b.fim);

// ---------------------------------------------------------------------------------------------
// Validation

/** Refuses a day that is not a date of the window; `field` names it in the 400. */
export function checkDay(dia: string, window: { first: string; last: string }, field: string): void {
  if (!isDate(dia)) throw invalid(`${field} must be a date (YYYY-MM-DD)`, field);
  if (dia < window.first || dia > window.last)
    throw invalid(`${field} must be between ${window.first} and ${window.last} (the next ${WINDOW_DAYS} days)`, field);
}

/**
 * Refuses periods that are malformed, empty or backwards, too many, or overlapping each other.
 * A period lies within one day: 22:00-06:00 is two periods on two days (22:00-24:00 and 00:00-06:00).
 */
export function checkPeriods(periodos: readonly Period[], field = 'periodos'): void {
  if (periodos.length > MAX_PERIODS_PER_DAY) throw invalid(`${field} must have at most ${MAX_PERIODS_PER_DAY} items`, field);
  periodos.forEach((p, i) => {
    const at = `${field}.${i}`;
    if (!isTime(p.inicio) || p.inicio === '24:00') throw invalid(`${at}.inicio must be a time HH:MM (00:00 to 23:59)`, `${at}.inicio`);
    if (!isTime(p.fim)) throw invalid(`${at}.fim must be a time HH:MM (00:01 to 24:00)`, `${at}.fim`);
    if (minutes(p.fim) <= minutes(p.inicio)) throw invalid(`${at}.fim must be after ${at}.inicio`, `${at}.fim`);
  });
  periodos.forEach((p, i) => {
    const j = periodos.findIndex((q, k) => k < i && overlaps(p, q));
    if (j >= 0) throw invalid(`${field}.${i} overlaps ${field}.${j}`, `${field}.${i}`);
  });
}

// ---------------------------------------------------------------------------------------------
// The merge

/**
 * The day's windows after a replacement: every window that is not DISPONIVEL is kept as stored (a
 * reservation, whatever else it carries), the periods become its DISPONIVEL windows. A period that
 * overlaps a kept window is refused. The periods were checked (checkPeriods).
 */
export function replaceAvailable(dia: string, stored: readonly Window[], periodos: readonly Period[], field = 'periodos'): Window[] {
  const kept = stored.filter((w) => w.estado !== 'DISPONIVEL');
  periodos.forEach((p, i) => {
    const taken = kept.find((w) => overlaps(p, w));
    if (taken) throw invalid(`${field}.${i} overlaps the ${taken.estado} window ${taken.inicio}-${taken.fim} of ${dia}`, `${field}.${i}`);
  });
  const added: Window[] = periodos.map((p) => ({ inicio: p.inicio, fim: p.fim, estado: 'DISPONIVEL' }));
  return [...kept, ...added].sort(byStart);
}

const sameWindows = (a: readonly Window[], b: readonly Window[]) =>
  a.length === b.length && a.every((w, i) => w.inicio === b[i]!.inicio && w.fim === b[i]!.fim && w.estado === b[i]!.estado);

/** The write a day needs, or undefined when it would change nothing (no item is written for an empty day either). */
function dayWrite(dia: string, stored: AvailabilityDay | undefined, periodos: readonly Period[], field: string): DayWrite | undefined {
  const janelas = replaceAvailable(dia, stored?.janelas ?? [], periodos, field);
  if (sameWindows(janelas, stored?.janelas ?? [])) return undefined;
  return { dia, antes: stored?.versao, janelas, versao: (stored?.versao ?? 0) + 1 };
}

// ---------------------------------------------------------------------------------------------
// Operations

export interface Physician {
  aplicacaoId: number;
  userId: number;
}

/** The windows of the next WINDOW_DAYS days, sorted by date then start. */
export async function listAvailability(repo: AvailabilityRepository, physician: Physician, now: Date): Promise<DatedWindow[]> {
  const { first, last } = availabilityWindow(now);
  const days = await repo.range(physician.aplicacaoId, physician.userId, first, last);
  return [...days]
    .sort((a, b) => (a.dia < b.dia ? -1 : a.dia > b.dia ? 1 : 0))
    .flatMap((d) => [...d.janelas].sort(byStart).map((w) => ({ data: d.dia, inicio: w.inicio, fim: w.fim, estado: w.estado })));
}

/**
 * Replaces the DISPONIVEL windows of each day with `periodos`, keeping its reserved ones: all days or
 * none. Everything is checked before anything is written; a lost race reads the days again and
 * re-applies, up to MAX_ATTEMPTS times, then 409.
 */
async function replaceDays(
  repo: AvailabilityRepository,
  physician: Physician,
  dias: readonly string[],
  periodos: readonly Period[],
  dayField: (i: number) => string,
  now: Date,
): Promise<void> {
  const window = availabilityWindow(now);
  dias.forEach((dia, i) => checkDay(dia, window, dayField(i)));
  dias.forEach((dia, i) => {
    const j = dias.indexOf(dia);
    if (j < i) throw invalid(`${dayField(i)} repeats ${dayField(j)}`, dayField(i));
  });
  checkPeriods(periodos);
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const stored = new Map((await repo.days(physician.aplicacaoId, physician.userId, dias)).map((d) => [d.dia, d]));
    const writes = dias.map((dia) => dayWrite(dia, stored.get(dia), periodos, 'periodos')).filter((w) => w !== undefined);
    if (writes.length === 0 || (await repo.save(physician.aplicacaoId, physician.userId, writes))) return;
  }
  throw conflict('The availability of these days is being changed concurrently; try again');
}

/** PUT of one day. */
export const replaceDayAvailability = (
  repo: AvailabilityRepository,
  physician: Physician,
  input: { data: string; periodos: readonly Period[] },
  now: Date,
): Promise<void> => replaceDays(repo, physician, [input.data], input.periodos, () => 'data', now);

/** PUT of the same periods on several distinct days (1..MAX_BATCH_DAYS), in one transaction. */
export async function replaceAvailabilityBatch(
  repo: AvailabilityRepository,
  physician: Physician,
  input: { datas: readonly string[]; periodos: readonly Period[] },
  now: Date,
): Promise<void> {
  if (input.datas.length === 0) throw invalid('datas must not be empty', 'datas');
  if (input.datas.length > MAX_BATCH_DAYS) throw invalid(`datas must have at most ${MAX_BATCH_DAYS} items`, 'datas');
  await replaceDays(repo, physician, input.datas, input.periodos, (i) => `datas.${i}`, now);
}

// What the physician portal's handlers validate: availability, preferences, the profile and the
// vacancy-search profile. Its contract (functions/physician-portal/contract.ts) documents them.
import * as z from 'zod/mini';
import { DATE_PATTERN, MAX_PERIODS_PER_DAY, TIME_PATTERN, WINDOW_DAYS } from '#shared/domain/availability';
import { POSITIVE_AMOUNT } from '#shared/domain/money';
import { brazilianStates, shifts, weekDays } from '#shared/domain/physicians';
import { noRepeats } from '#shared/domain/validation';

// The shape and formats; the window, order and overlaps are the domain's (shared/domain/availability.ts).
const date = z.string().check(z.regex(DATE_PATTERN, { error: 'must be a date (YYYY-MM-DD)' }), z.maxLength(10));

const time = z.string().check(z.regex(TIME_PATTERN, { error: 'must be a time HH:MM (00:00 to 24:00)' }), z.maxLength(5));

const periodos = z.array(z.object({ inicio: time, fim: time })).check(z.maxLength(MAX_PERIODS_PER_DAY));

export const dayBody = z.object({ data: date, periodos });

export const batchBody = z.object({ datas: z.array(date).check(z.minLength(1), z.maxLength(WINDOW_DAYS)), periodos }); // a batch may cover the whole window

export const preferenceBody = z.object({
  secretariaId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, _ or -' }), z.maxLength(64)),
  turnos: z.array(z.enum(shifts)).check(z.maxLength(shifts.length), z.refine(noRepeats, { error: 'must not repeat a shift' })),
  unidades: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.maxLength(50)),
  valorMinimo: z.nullable(
    z.string().check(z.regex(POSITIVE_AMOUNT, { error: 'must be a decimal amount such as "1500.00"' }), z.maxLength(32)),
  ),
  ativo: z.boolean(),
});

const MAX_RADIUS_KM = 500;

const HOUR = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

export const searchBody = z.object({
  diasSemana: z
    .array(z.enum(weekDays))
    .check(z.minLength(1), z.maxLength(weekDays.length), z.refine(noRepeats, { error: 'must not repeat a day' })),
  valorMinimoPorTurno: z.nullable(
    z.string().check(z.regex(POSITIVE_AMOUNT, { error: 'must be a decimal amount such as "1500.00"' }), z.maxLength(32)),
  ),
  raioKm: z.number().check(z.refine(Number.isInteger, { error: 'must be an integer' }), z.minimum(1), z.maximum(MAX_RADIUS_KM)),
  periodos: z
    .array(
      z.union([
        z.enum(shifts),
        z.object({
          inicio: z.string().check(z.regex(HOUR, { error: 'must be a time HH:MM' }), z.maxLength(5)),
          fim: z.string().check(z.regex(HOUR, { error: 'must be a time HH:MM' }), z.maxLength(5)),
        }),
      ]),
    )
    .check(z.minLength(1), z.maxLength(8), z.refine(noRepeats, { error: 'must not repeat a period' })),
});

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

const optionalText = (max: number) => z.optional(z.nullable(text(max)));

const addressBody = z.object({
  logradouro: text(200),
  numero: optionalText(20),
  complemento: optionalText(100),
  bairro: optionalText(100),
  cidade: text(100),
  uf: z.enum(brazilianStates),
  cep: z.optional(z.nullable(z.string().check(z.regex(/^\d{5}-?\d{3}$/, { error: 'must be a CEP such as 01310-100' }), z.maxLength(9)))),
});

export const profileBody = z.object({
  telefone: z.optional(z.nullable(z.string().check(z.maxLength(32)))),
  email: z.optional(z.nullable(z.email().check(z.maxLength(200)))),
  especialidade: optionalText(100),
  endereco: z.optional(addressBody),
});

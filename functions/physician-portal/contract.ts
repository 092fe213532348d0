// Contract of the physician portal (portal JWT, role plantonista; /api/plantonista). docs/portals.md describes it.
import * as z from 'zod/mini';
import { availabilityStates } from '#shared/domain/availability';
import { POSITIVE_AMOUNT } from '#shared/domain/money';
import { brazilianStates, shifts, weekDays } from '#shared/domain/physicians';
import { date, described, named, noContent, ok, timestamp, type GroupContract } from '#shared/http/contract/kit';
import {
  batchBody as availabilityBatchBody,
  dayBody as availabilityDayBody,
  preferenceBody,
  profileBody as physicianProfileBody,
  searchBody,
} from './requests.ts';

/** Amounts as the physician sent them: a positive decimal with at most two decimals ("1500", "1500.00"). */
const amount = described(
  z.string().check(z.regex(POSITIVE_AMOUNT)),
  'A positive decimal amount in BRL as a string, as it was sent ("1500.00", "950.5", "1200").',
);
// ---------------------------------------------------------------------------------------------
// Physician portal

export const preference = named(
  'PhysicianPreference',
  z.object({
    secretariaId: z.string(),
    turnos: z.array(z.enum(shifts)),
    unidades: z.array(z.string()),
    valorMinimo: z.nullable(amount),
    ativo: z.boolean(),
    atualizadoEm: timestamp,
  }),
  'The physician’s preference for one secretariat.',
);

export const physicianProfile = named(
  'PhysicianProfile',
  z.object({
    nome: z.string(),
    cpf: described(z.nullable(z.string()), 'Masked: `***.982.247-**`.'),
    crm: described(z.nullable(z.string()), 'The CRM registration, masked with its state: `***456/SP`.'),
    telefone: described(z.nullable(z.string()), 'Masked: `+55 11 *****-7777`.'),
    email: described(z.nullable(z.string()), 'Masked: `p***@example.com`.'),
    especialidade: z.nullable(z.string()),
    endereco: z.nullable(
      named(
        'PhysicianAddress',
        z.object({
          logradouro: z.string(),
          numero: z.nullable(z.string()),
          complemento: z.nullable(z.string()),
          bairro: z.nullable(z.string()),
          cidade: z.string(),
          uf: z.enum(brazilianStates),
          cep: described(z.nullable(z.string()), 'CEP as 00000-000.'),
        }),
      ),
    ),
    localizacao: described(
      z.nullable(z.object({ latitude: z.number(), longitude: z.number() })),
      'Where the address was geocoded; null without an address.',
    ),
    atualizadoEm: timestamp,
  }),
  'The physician’s record, personal data masked.',
);

const searchProfile = named(
  'PhysicianSearchProfile',
  z.object({
    diasSemana: z.array(z.enum(weekDays)),
    valorMinimoPorTurno: z.nullable(amount),
    raioKm: z.nullable(z.int()),
    periodos: z.array(z.union([z.enum(shifts), z.object({ inicio: z.string(), fim: z.string() })])),
    atualizadoEm: z.nullable(timestamp),
  }),
  'What vacancies the physician looks for. A physician who never saved one gets the empty profile (empty lists, nulls).',
);

const availabilityWindow = named(
  'PhysicianAvailabilityWindow',
  z.object({
    data: date,
    inicio: described(z.string(), 'HH:MM.'),
    fim: described(z.string(), 'HH:MM; `24:00` is the end of the day.'),
    estado: z.enum(availabilityStates),
  }),
  'A window of the physician’s day: DISPONIVEL (set by the physician) or RESERVADO (taken by a booking).',
);

const availabilityRules =
  'Only the next 90 days (today in São Paulo to today + 89). The day’s DISPONIVEL windows are replaced by `periodos` (an empty list clears them); RESERVADO windows are kept as they are. Periods are `[inicio, fim)` within one day, at most 24, `fim` may be `24:00`. A 400 names the field: a date outside the window or malformed, a time malformed, an end not after its start, overlapping periods, a period over a kept window. Nothing is written on a 400. A concurrent change of a day is re-read and re-applied; 409 when it keeps changing.';

export const physicianPortalContract = {
  'GET /api/plantonista/predilecoes': {
    summary: 'The physician’s active preferences per secretariat',
    responses: { 200: ok('The active preferences.', z.array(preference)) },
  },
  'PUT /api/plantonista/predilecoes': {
    summary: 'Add or replace the preference of a secretariat',
    description:
      'Adds or replaces the preference of its `secretariaId`. `ativo: false` takes it off the list of active preferences. `turnos` must not repeat; `valorMinimo` is a decimal string such as "1500.00", or null.',
    body: preferenceBody,
    responses: { 200: ok('The saved preference.', preference) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/plantonista/perfil': {
    summary: 'The physician’s profile, personal data masked',
    description: 'A physician without a profile yet gets one started from the portal user (name and e-mail).',
    responses: { 200: ok('The profile.', physicianProfile) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/plantonista/perfil': {
    summary: 'Change the physician’s contact, address and specialty',
    description:
      'Changes only the fields sent (the body may be omitted or empty) and answers the whole profile. `telefone` must be a phone number with its country code. The address is geocoded before anything is written: one the geocoder cannot place is a 400 on `endereco`. `nome`, `cpf`, `crm` and `crmUf` are set by the application: sending them is a 400 naming the field. Nothing is written on a 400; 409 when the profile keeps changing concurrently.',
    body: physicianProfileBody,
    responses: { 200: ok('The whole profile after the change.', physicianProfile) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/plantonista/perfil-busca': {
    summary: 'The physician’s vacancy-search profile',
    responses: { 200: ok('The search profile (the empty one when none was saved).', searchProfile) },
  },
  'PUT /api/plantonista/perfil-busca': {
    summary: 'Replace the physician’s vacancy-search profile',
    description:
      'Replaces it whole. `diasSemana`: at least one, no repeats. `raioKm`: an integer from 1 to 500. `periodos`: 1 to 8 shifts or `{inicio, fim}` hours (HH:MM, which may cross midnight but not be empty), no repeats.',
    body: searchBody,
    responses: { 200: ok('The saved search profile.', searchProfile) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/plantonista/disponibilidade': {
    summary: 'The physician’s availability windows for the next 90 days',
    responses: { 200: ok('The windows, by date then start.', z.array(availabilityWindow)) },
  },
  'PUT /api/plantonista/disponibilidade': {
    summary: 'Replace the available periods of one day',
    description: availabilityRules,
    body: availabilityDayBody,
    responses: { 204: noContent },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
  'PUT /api/plantonista/disponibilidade/lote': {
    summary: 'Replace the available periods of several days at once',
    description: `The same \`periodos\` on 1 to 90 distinct days (a repeated day is a 400), in one transaction: all days or none. ${availabilityRules}`,
    body: availabilityBatchBody,
    responses: { 204: noContent },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
} satisfies GroupContract<'physician-portal'>;

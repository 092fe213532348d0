// /api/plantonista/perfil-busca: what vacancies the physician looks for (days of the week, minimum
// value per shift, radius, periods of the day). PUT replaces it whole; a physician without one gets
// the empty profile.
import * as z from 'zod/mini';
import { dynamoPhysicianRepository } from '#shared/db/physicians';
import { invalid } from '#shared/domain/errors';
import { POSITIVE_AMOUNT } from '#shared/domain/money';
import { emptySearchProfile, shifts, weekDays, type SearchProfile } from '#shared/domain/physicians';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { noRepeats } from '#shared/domain/validation';
import { validate } from '#shared/http/validation';
import { physicianOf } from './scope.ts';

const physicians = dynamoPhysicianRepository();

export const MAX_RADIUS_KM = 500;
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

const view = (p: SearchProfile) => ({ ...p, atualizadoEm: p.atualizadoEm ? localDateTime(new Date(p.atualizadoEm)) : null });

export const searchProfileOperations: Operations<'physician-portal'> = {
  'GET /api/plantonista/perfil-busca': async (request) => {
    const { aplicacaoId, userId } = physicianOf(request);
    return json(200, view((await physicians.searchProfile(aplicacaoId, userId)) ?? emptySearchProfile));
  },

  'PUT /api/plantonista/perfil-busca': async (request) => {
    const { aplicacaoId, userId } = physicianOf(request);
    const body = validate(searchBody, request.body);
    // Explicit hours may cross midnight (22:00-06:00), but not be empty.
    body.periodos.forEach((p, i) => {
      if (typeof p === 'object' && p.inicio === p.fim)
        throw invalid(`periodos[${i}] must not start and end at the same time`, `periodos[${i}]`);
    });
    const profile: SearchProfile = { ...body, atualizadoEm: new Date().toISOString() };
    await physicians.putSearchProfile(aplicacaoId, userId, profile);
    return json(200, view(profile));
  },
};

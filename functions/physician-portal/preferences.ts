// /api/plantonista/predilecoes: the physician's preferences per secretariat. GET lists the active
// ones; PUT adds or updates the one of its `secretariaId` (deactivating it is `ativo: false`).
import * as z from 'zod/mini';
import { dynamoPhysicianRepository } from '#shared/db/physicians';
import { POSITIVE_AMOUNT } from '#shared/domain/money';
import { shifts, type PhysicianPreference } from '#shared/domain/physicians';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { noRepeats } from '#shared/domain/validation';
import { validate } from '#shared/http/validation';
import { physicianOf } from './scope.ts';

const physicians = dynamoPhysicianRepository();

export const preferenceBody = z.object({
  secretariaId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, _ or -' }), z.maxLength(64)),
  turnos: z.array(z.enum(shifts)).check(z.maxLength(shifts.length), z.refine(noRepeats, { error: 'must not repeat a shift' })),
  unidades: z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.maxLength(50)),
  valorMinimo: z.nullable(
    z.string().check(z.regex(POSITIVE_AMOUNT, { error: 'must be a decimal amount such as "1500.00"' }), z.maxLength(32)),
  ),
  ativo: z.boolean(),
});

const preferenceView = (p: PhysicianPreference) => ({ ...p, atualizadoEm: localDateTime(new Date(p.atualizadoEm)) });

export const preferenceOperations: Operations<'physician-portal'> = {
  'GET /api/plantonista/predilecoes': async (request) => {
    const { aplicacaoId, userId } = physicianOf(request);
    return json(200, (await physicians.activePreferences(aplicacaoId, userId)).map(preferenceView));
  },

  'PUT /api/plantonista/predilecoes': async (request) => {
    const { aplicacaoId, userId } = physicianOf(request);
    const preference: PhysicianPreference = { ...validate(preferenceBody, request.body), atualizadoEm: new Date().toISOString() };
    await physicians.putPreference(aplicacaoId, userId, preference);
    return json(200, preferenceView(preference));
  },
};

// /api/plantonista/predilecoes: the physician's preferences per secretariat. GET lists the active
// ones; PUT adds or updates the one of its `secretariaId` (deactivating it is `ativo: false`).
import type * as z from 'zod/mini';
import { dynamoPhysicianRepository } from '#shared/db/physicians';
import { type PhysicianPreference } from '#shared/domain/physicians';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { physicianOf } from './scope.ts';
import { validate } from '#shared/http/validation';
import { preferenceBody } from './requests.ts';
import type { preference, physicianPortalContract } from './contract.ts';

const physicians = dynamoPhysicianRepository();

const preferenceView = (p: PhysicianPreference): z.output<typeof preference> => ({
  ...p,
  atualizadoEm: localDateTime(new Date(p.atualizadoEm)),
});

export const preferenceOperations: Operations<'physician-portal', typeof physicianPortalContract> = {
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

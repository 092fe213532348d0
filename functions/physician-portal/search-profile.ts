// /api/plantonista/perfil-busca: what vacancies the physician looks for (days of the week, minimum
// value per shift, radius, periods of the day). PUT replaces it whole; a physician without one gets
// the empty profile.
import { dynamoPhysicianRepository } from '#shared/db/physicians';
import { invalid } from '#shared/domain/errors';
import { emptySearchProfile, type SearchProfile } from '#shared/domain/physicians';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { physicianOf } from './scope.ts';
import { searchBody } from './requests.ts';
import type { physicianPortalContract } from './contract.ts';

const physicians = dynamoPhysicianRepository();

const view = (p: SearchProfile) => ({ ...p, atualizadoEm: p.atualizadoEm ? localDateTime(new Date(p.atualizadoEm)) : null });

export const searchProfileOperations: Operations<'physician-portal', typeof physicianPortalContract> = {
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

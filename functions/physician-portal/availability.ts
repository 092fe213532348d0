// /api/plantonista/disponibilidade: the physician's windows of the next 90 days (GET), a day's
// available periods replaced (PUT), or the same periods on several days at once (PUT /lote, all or
// nothing). Reserved windows are kept; a period overlapping one is a 400. The physician is the
// token's. Unknown fields are ignored, as everywhere in the API (zod's object).
import { dynamoAvailabilityRepository } from '#shared/db/availability';
import { listAvailability, replaceAvailabilityBatch, replaceDayAvailability } from '#shared/domain/availability';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { physicianOf } from './scope.ts';
import { dayBody, batchBody } from './requests.ts';
import type { physicianPortalContract } from './contract.ts';

const repo = dynamoAvailabilityRepository();

export const availabilityOperations: Operations<'physician-portal', typeof physicianPortalContract> = {
  'GET /api/plantonista/disponibilidade': async (request) => json(200, await listAvailability(repo, physicianOf(request), new Date())),

  'PUT /api/plantonista/disponibilidade': async (request) => {
    const physician = physicianOf(request);
    await replaceDayAvailability(repo, physician, validate(dayBody, request.body), new Date());
    return { statusCode: 204 };
  },

  'PUT /api/plantonista/disponibilidade/lote': async (request) => {
    const physician = physicianOf(request);
    await replaceAvailabilityBatch(repo, physician, validate(batchBody, request.body), new Date());
    return { statusCode: 204 };
  },
};

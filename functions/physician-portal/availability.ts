// /api/plantonista/disponibilidade: the physician's windows of the next 90 days (GET), a day's
// available periods replaced (PUT), or the same periods on several days at once (PUT /lote, all or
// nothing). Reserved windows are kept; a period overlapping one is a 400. The physician is the
// token's. Unknown fields are ignored, as everywhere in the API (zod's object).
import * as z from 'zod/mini';
import { dynamoAvailabilityRepository } from '#shared/db/availability';
import {
  DATE_PATTERN,
  listAvailability,
  MAX_BATCH_DAYS,
  MAX_PERIODS_PER_DAY,
  replaceAvailabilityBatch,
  replaceDayAvailability,
  TIME_PATTERN,
} from '#shared/domain/availability';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { physicianOf } from './scope.ts';

const repo = dynamoAvailabilityRepository();

// The shape and formats; the window, order and overlaps are the domain's (shared/domain/availability.ts).
const date = z.string().check(z.regex(DATE_PATTERN, { error: 'must be a date (YYYY-MM-DD)' }), z.maxLength(10));
const time = z.string().check(z.regex(TIME_PATTERN, { error: 'must be a time HH:MM (00:00 to 24:00)' }), z.maxLength(5));
const periodos = z.array(z.object({ inicio: time, fim: time })).check(z.maxLength(MAX_PERIODS_PER_DAY));

export const dayBody = z.object({ data: date, periodos });
export const batchBody = z.object({ datas: z.array(date).check(z.minLength(1), z.maxLength(MAX_BATCH_DAYS)), periodos });

export const availabilityOperations: Operations<'physician-portal'> = {
  'GET /api/plantonista/disponibilidade': async (request) => json(200, await listAvailability(repo, physicianOf(request))),

  'PUT /api/plantonista/disponibilidade': async (request) => {
    const physician = physicianOf(request);
    await replaceDayAvailability(repo, physician, validate(dayBody, request.body));
    return { statusCode: 204 };
  },

  'PUT /api/plantonista/disponibilidade/lote': async (request) => {
    const physician = physicianOf(request);
    await replaceAvailabilityBatch(repo, physician, validate(batchBody, request.body));
    return { statusCode: 204 };
  },
};

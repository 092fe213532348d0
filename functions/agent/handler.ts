import { groupHandler } from '#shared/http/kit';
import { integrationOperations } from './integrations.ts';
import { logOperations } from './logs.ts';
import { queryOperations } from './queries.ts';
import { importOperations } from './registros.ts';

export const handler = groupHandler('agent', { ...integrationOperations, ...queryOperations, ...logOperations, ...importOperations });

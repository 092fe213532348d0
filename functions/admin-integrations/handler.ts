import { groupHandler } from '#shared/http/kit';
import { certificateOperations } from './certificates.ts';
import { integrationOperations } from './integrations.ts';
import { logOperations } from './logs.ts';

export const handler = groupHandler('admin-integrations', { ...integrationOperations, ...logOperations, ...certificateOperations });

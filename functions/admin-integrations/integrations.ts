import type { Operations } from '#shared/http/kit';

export const integrationOperations: Operations<'admin-integrations'> = {};

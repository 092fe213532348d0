import type { Operations } from '#shared/http/kit';

export const logOperations: Operations<'admin-integrations'> = {};

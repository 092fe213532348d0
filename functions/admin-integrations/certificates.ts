import type { Operations } from '#shared/http/kit';

export const certificateOperations: Operations<'admin-integrations'> = {};

import type { Operations } from '#shared/http/kit';

export const importOperations: Operations<'agent'> = {};

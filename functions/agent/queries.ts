import type { Operations } from '#shared/http/kit';

export const queryOperations: Operations<'agent'> = {};

import type { Operations } from '#shared/http/kit';

// Tariffs and refunds (estornos) of statement entries.
export const financeOperations: Operations = {};

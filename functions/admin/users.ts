import type { Operations } from '#shared/http/kit';

// POST /api/admin/usuarios: portal users with passwords.
export const userOperations: Operations = {};

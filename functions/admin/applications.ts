import type { Operations } from '#shared/http/kit';

// /api/admin/aplicacoes/**: tenants, their credentials, OAuth2 clients and credits.
export const applicationOperations: Operations = {};

// GET /api/admin/ia/resumo: the platform's AI margin, a month's interactions per application (docs/ai.md).
import { dynamoInteractionStore } from '#shared/db/ai';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoExchangeRateRepository } from '#shared/db/exchange-rate';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { aiSummary } from '#shared/operations/ai';
import { requirePlatformAdmin } from '#shared/http/platform-admin';
import { aiSummaryQuery } from './requests.ts';
import type { adminContract } from './contract.ts';

const deps = {
  interactions: dynamoInteractionStore(),
  applicationNames: async () => new Map((await dynamoApplicationRepository().listApplications()).map((a) => [a.id, a.nome])),
  exchangeRate: () => dynamoExchangeRateRepository().get(),
};

export const aiSummaryOperations: Operations<'admin', typeof adminContract> = {
  'GET /api/admin/ia/resumo': async (request) => {
    requirePlatformAdmin(request.principal, 'see the platform’s AI margin');
    const { mes } = validate(aiSummaryQuery, { mes: request.query.mes }, 'query');
    return json(200, await aiSummary(deps, mes, new Date()));
  },
};

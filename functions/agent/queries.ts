// GET and PUT /api/external/integracoes/queries?integracaoId=: an integration's saved queries, the SQL
// the agent runs. GET answers the current set in the order it was PUT; PUT replaces the whole set at once
// (a reader sees the old set or the new one, never a mix: docs/data-model.md, pattern 41). Only the
// certificate's integration: another one (of this application or another) is the same 404 as an unknown
// one. The SQL is never logged.
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { dynamoSavedQueryRepository } from '#shared/db/saved-queries';
import { invalid, notFound } from '#shared/domain/errors';
import { parseSavedQueries, readSavedQueries, replaceSavedQueries } from '#shared/domain/saved-queries';
import { json, type Operations, type TenantRequest } from '#shared/http/kit';
import { log } from '#shared/log';
import { certificateIntegration } from '#shared/auth/certificate-integration';
import type { agentContract } from './contract.ts';

const integrations = dynamoIntegrationRepository();
const savedQueries = dynamoSavedQueryRepository();

const INT64_MAX = 9_223_372_036_854_775_807n;

/**
 * The `integracaoId` query parameter: required, a positive int64 in plain decimal (else 400 naming it). An
 * int64 above 2^53 - 1 names no record (ids stay below it): the same 404 as an unknown integration.
 */
export function integracaoIdOf(query: Record<string, string>): number {
  const raw = query.integracaoId;
  if (raw === undefined || raw === '') throw invalid('integracaoId is required', 'integracaoId');
  if (!/^\d{1,19}$/.test(raw) || BigInt(raw) < 1n || BigInt(raw) > INT64_MAX) {
    throw invalid('integracaoId must be a positive integer', 'integracaoId');
  }
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw notFound('integration');
  return id;
}

async function ownIntegrationId(request: TenantRequest): Promise<number> {
  const integracaoId = certificateIntegration(request.principal, integracaoIdOf(request.query));
  if (!(await integrations.get(request.principal.aplicacaoId, integracaoId))) throw notFound('integration');
  return integracaoId;
}

export const queryOperations: Operations<'agent', typeof agentContract> = {
  'GET /api/external/integracoes/queries': async (request) => {
    const integracaoId = await ownIntegrationId(request);
    return json(200, await readSavedQueries(savedQueries, request.principal.aplicacaoId, integracaoId));
  },

  'PUT /api/external/integracoes/queries': async (request) => {
    const { aplicacaoId, subject } = request.principal;
    const integracaoId = certificateIntegration(request.principal, integracaoIdOf(request.query));
    const inputs = parseSavedQueries(request.body);
    // Drawing the version is conditioned on the integration item of this application: 404 otherwise.
    const replaced = await replaceSavedQueries(savedQueries, aplicacaoId, integracaoId, inputs);
    log.info('agent replaced its saved queries', {
      aplicacaoId,
      integracaoId,
      versao: replaced.versao,
      total: replaced.total,
      clientId: subject,
    });
    return json(200, replaced);
  },
};

// POST /api/external/integracoes/registros: the agent's batch import of patients, appointments and
// clinical records (shared/operations/agent-import.ts), up to 500 per request. The answer has one
// result per record, in order; one bad record does not reject the others.
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { parseBatch } from '#shared/domain/agent-import';
import { conflict, notFound } from '#shared/domain/errors';
import { json, type Operations } from '#shared/http/kit';
import { log } from '#shared/log';
import { importRecords } from '#shared/operations/agent-import';

const integrations = dynamoIntegrationRepository();

export const importOperations: Operations<'agent'> = {
  'POST /api/external/integracoes/registros': async (request) => {
    const { aplicacaoId, certificado } = request.principal;
    const { integracaoId, registros } = parseBatch(request.body);
    const integration = await integrations.get(aplicacaoId, integracaoId);
    if (!integration) throw notFound('integration');
    if (!integration.ativo) throw conflict('the integration is inactive');
    const resultados = await importRecords(aplicacaoId, integracaoId, registros);
    const resumo = { criado: 0, atualizado: 0, inalterado: 0, rejeitado: 0 };
    for (const r of resultados) resumo[r.resultado]++;
    // Counts only: records carry personal data.
    log.info('agent import', { aplicacaoId, integracaoId, certificado, total: resultados.length, ...resumo });
    return json(200, { integracaoId, total: resultados.length, resumo, resultados });
  },
};

// POST /api/external/integracoes/logs: the agent reports how its saved queries ran. The whole batch is
// checked before anything is written; each log is kept 90 days (docs/data-model.md, pattern 42). Only the
// certificate's integration: another one (of this application or another) is the same 404 as an unknown one. The error texts are stored for
// the admin, never logged.
import { dynamoExecutionLogRepository } from '#shared/db/execution-logs';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { notFound } from '#shared/domain/errors';
import { parseExecutionBatch, recordExecutions } from '#shared/domain/execution-logs';
import { json, type Operations } from '#shared/http/kit';
import { log } from '#shared/log';
import { certificateIntegration } from '#shared/auth/certificate-integration';
import type { agentContract } from './contract.ts';

const integrations = dynamoIntegrationRepository();
const executionLogs = dynamoExecutionLogRepository();

export const logOperations: Operations<'agent', typeof agentContract> = {
  'POST /api/external/integracoes/logs': async (request) => {
    const { aplicacaoId, subject } = request.principal;
    const input = parseExecutionBatch(request.body);
    certificateIntegration(request.principal, input.integracaoId);
    if (!(await integrations.get(aplicacaoId, input.integracaoId))) throw notFound('integration');
    const recebidos = await recordExecutions(executionLogs, aplicacaoId, input, new Date());
    const erros = input.execucoes.filter((e) => e.status !== 'SUCESSO').length;
    log.info('agent reported executions', { aplicacaoId, integracaoId: input.integracaoId, recebidos, erros, clientId: subject });
    return json(201, { integracaoId: input.integracaoId, recebidos });
  },
};

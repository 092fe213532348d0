// GET /api/admin/integracoes/{id}/logs: the agent's execution logs of one of the admin's integrations,
// newest first, a page at a time: `limite` (1-100, default 20) and `cursor`, the previous page's
// `proximoCursor` (opaque; null on the last page). Logs are kept 90 days. Another application's
// integration is the same 404 as an unknown one.
import type * as z from 'zod/mini';
import { dynamoExecutionLogRepository } from '#shared/db/execution-logs';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { notFound } from '#shared/domain/errors';
import type { ExecutionLog } from '#shared/domain/execution-logs';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { pageQuery } from './requests.ts';
import type { executionLog } from '#shared/http/contract/integrations';
import type { adminIntegrationsContract } from './contract.ts';

const integrations = dynamoIntegrationRepository();
const executionLogs = dynamoExecutionLogRepository();

/** Instants in the service's local form, like every admin answer. */
const logView = (l: ExecutionLog): z.output<typeof executionLog> => ({
  id: l.id,
  queryId: l.queryId,
  query: l.query,
  inicio: localDateTime(new Date(l.inicio)),
  fim: localDateTime(new Date(l.fim)),
  linhasLidas: l.linhasLidas,
  status: l.status,
  erro: l.erro,
  recebidoEm: localDateTime(new Date(l.recebidoEm)),
});

export const logOperations: Operations<'admin-integrations', typeof adminIntegrationsContract> = {
  'GET /api/admin/integracoes/{id}/logs': async (request) => {
    const { aplicacaoId } = request.principal;
    const id = pathId(request, 'integration');
    const { limite, cursor } = validate(pageQuery, { limite: request.query.limite, cursor: request.query.cursor }, 'query');
    if (!(await integrations.get(aplicacaoId, id))) throw notFound('integration');
    const page = await executionLogs.page(aplicacaoId, id, limite, cursor);
    return json(200, { content: page.content.map(logView), proximoCursor: page.proximoCursor });
  },
};

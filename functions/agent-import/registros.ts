// POST /api/external/integracoes/registros: the agent's batch import of patients, appointments and
// clinical records (shared/db/agent-imports.ts; the rules in docs/agent-import.md), up to 500 per
// request (413 over). The answer has one result per record, in order; one bad record does not
// reject the others. Created appointments are handed to the communication flow's queue afterwards
// (they are due at once, so the sweep takes any the queue lost).
import { queuePort } from '#shared/adapters/index';
import { importRecords } from '#shared/db/agent-imports';
import { dynamoIntegrationRepository } from '#shared/db/integrations';
import { parseBatch } from '#shared/domain/agent-import/inputs';
import { summarize } from '#shared/domain/agent-import/results';
import { conflict, notFound } from '#shared/domain/errors';
import { json, type Operations } from '#shared/http/kit';
import { log } from '#shared/log';
import { queueAppointment } from '#shared/operations/flow-queue';
import { certificateIntegration } from '#shared/auth/certificate-integration';
import type { agentImportContract } from './contract.ts';

const integrations = dynamoIntegrationRepository();
const flowQueue = { queue: queuePort };
const QUEUE_CONCURRENCY = 16;

/** Queues each appointment for the flow, a few at a time; a failure is logged and left to the sweep. */
async function handToFlow(aplicacaoId: number, ids: readonly number[]): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(QUEUE_CONCURRENCY, ids.length) }, async () => {
      while (next < ids.length) {
        const agendamentoId = ids[next++]!;
        await queueAppointment(flowQueue, aplicacaoId, agendamentoId).catch((error: unknown) =>
          log.warn('imported appointment left for the sweep', { agendamentoId, error }),
        );
      }
    }),
  );
}

export const importOperations: Operations<'agent-import', typeof agentImportContract> = {
  'POST /api/external/integracoes/registros': async (request) => {
    const { aplicacaoId, certificado } = request.principal;
    const { integracaoId, registros } = parseBatch(request.body);
    // Only into the certificate's integration: another one is the same 404 as an unknown one.
    certificateIntegration(request.principal, integracaoId);
    const integration = await integrations.get(aplicacaoId, integracaoId);
    if (!integration) throw notFound('integration');
    if (!integration.ativo) throw conflict('the integration is inactive');
    const { resultados, paraFluxo } = await importRecords(aplicacaoId, integracaoId, registros);
    await handToFlow(aplicacaoId, paraFluxo);
    const resumo = summarize(resultados);
    // Counts only: records carry personal data.
    log.info('agent import', { aplicacaoId, integracaoId, certificado, total: resultados.length, ...resumo });
    return json(200, { integracaoId, total: resultados.length, resumo, resultados });
  },
};

// POST /api/external/prestador/v1/execucao: a service provider reports that an appointment of its
// scope was carried out or missed (shared/operations/appointment-execution.ts, wired by shared/wiring/execution.ts,
// as the provider portal's POST /api/prestador/agendamentos/{id}/execucao is). The scope (application and provider)
// comes from the nbwp_ credential.
import type * as z from 'zod/mini';
import { awsAdapters } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { idempotencyKey } from '#shared/domain/idempotency';
import type { executionResult } from '#shared/http/contract/resources';
import { HttpError } from '#shared/http/errors';
import { groupHandler, json } from '#shared/http/kit';
import { reportExecution } from '#shared/operations/appointment-execution';
import { executionDeps } from '#shared/wiring/execution';
import type { providerApiContract } from './contract.ts';

awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('outboundWebhooksQueueUrl');

const deps = executionDeps();

export const handler = groupHandler<typeof providerApiContract>('provider-api', {
  'POST /api/external/prestador/v1/execucao': async (request) => {
    const { aplicacaoId, prestadorId, subject } = request.principal;
    if (prestadorId === undefined) throw new HttpError(403, 'forbidden', 'This credential does not act for a provider');
    const key = idempotencyKey(request.headers['idempotency-key']);
    // The use case's outcome is the answer (the domain's executionResultView, replayed as stored): checked against the contract.
    const answer: z.output<typeof executionResult> = await reportExecution(deps, {
      aplicacaoId,
      prestadorId,
      actorId: subject ?? null,
      key,
      body: request.body,
    });
    return json(200, answer);
  },
});

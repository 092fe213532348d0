// POST /api/external/prestador/v1/execucao: a service provider reports that an appointment of its
// scope was carried out or missed (shared/operations/appointment-execution.ts). The scope (application
// and provider) comes from the nbwp_ credential.
import type * as z from 'zod/mini';
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoIdempotencyStore } from '#shared/db/idempotency';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { idempotencyKey } from '#shared/domain/idempotency';
import { HttpError } from '#shared/http/errors';
import { groupHandler, json } from '#shared/http/kit';
import { reportExecution } from '#shared/operations/appointment-execution';
import type { executionResult, providerApiContract } from './contract.ts';

awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('outboundWebhooksQueueUrl');

const deps = {
  appointments: dynamoAppointmentRepository(),
  events: dynamoOutboundEventRepository(),
  queue: queuePort,
  idempotency: dynamoIdempotencyStore(),
};

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

// The execution report's wiring, the same for the provider machine API (functions/provider-api/handler.ts, POST
// /api/external/prestador/v1/execucao) and the provider portal (functions/provider-portal/appointments.ts, POST
// /api/prestador/agendamentos/{id}/execucao): the DynamoDB repositories of shared/operations/appointment-execution.ts
// and the queue its outbound event is handed to (resolved on each send); the result's pending RFC 3161 stamp when the
// application stamps its events (docs/stamps.md).
import { randomUUID } from 'node:crypto';
import { queuePort } from '#shared/adapters/index';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoStampRepository } from '#shared/db/stamps';
import { stampsEvents } from '#shared/domain/stamps';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoIdempotencyStore } from '#shared/db/idempotency';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import type { ExecutionDeps } from '#shared/operations/appointment-execution';

export const executionDeps = (): ExecutionDeps => ({
  appointments: dynamoAppointmentRepository(),
  events: dynamoOutboundEventRepository(),
  queue: queuePort,
  idempotency: dynamoIdempotencyStore(),
  stamps: {
    newId: randomUUID,
    write: dynamoStampRepository().write,
    stampsEvents: async (aplicacaoId) => stampsEvents(await dynamoApplicationReader().getApplication(aplicacaoId)),
  },
});

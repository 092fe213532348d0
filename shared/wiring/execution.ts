// The execution report's wiring, the same for the provider machine API (functions/provider-api/handler.ts, POST
// /api/external/prestador/v1/execucao) and the provider portal (functions/provider-portal/appointments.ts, POST
// /api/prestador/agendamentos/{id}/execucao): the DynamoDB repositories of shared/operations/appointment-execution.ts
// and the queue its outbound event is handed to (resolved on each send).
import { queuePort } from '#shared/adapters/index';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoIdempotencyStore } from '#shared/db/idempotency';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import type { ExecutionDeps } from '#shared/operations/appointment-execution';

export const executionDeps = (): ExecutionDeps => ({
  appointments: dynamoAppointmentRepository(),
  events: dynamoOutboundEventRepository(),
  queue: queuePort,
  idempotency: dynamoIdempotencyStore(),
});

// /api/prestador/agendamentos/**: the appointments that name the provider (docs/appointments.md, "The provider
// portal's appointments"). The application and the provider come from the portal token:
//   GET  /api/prestador/agendamentos?data=&status=    one day's appointments of the provider (pattern 22e), paged
//   POST /api/prestador/agendamentos/{id}/execucao    the execution result recorded by hand: the use case of
//     POST /api/external/prestador/v1/execucao (shared/operations/appointment-execution.ts), its idempotency, state
//     machine and outbound event; the appointment is the path's, another provider's or application's is 404.
import type * as z from 'zod/mini';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { boardQuery } from '#shared/domain/appointments/inputs';
import { appointmentPage } from '#shared/domain/appointments/views';
import { idempotencyKey } from '#shared/domain/idempotency';
import type { executionResult } from '#shared/http/contract/resources';
import { json, type Operations } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { reportExecution } from '#shared/operations/appointment-execution';
import { executionDeps } from '#shared/wiring/execution';
import { executionBody } from './requests.ts';
import { scopeOf } from './scope.ts';
import type { providerPortalContract } from './contract.ts';

const appointments = dynamoAppointmentRepository();
const execution = executionDeps();

export const appointmentOperations: Operations<'provider-portal', typeof providerPortalContract> = {
  'GET /api/prestador/agendamentos': async (request) => {
    const { aplicacaoId, prestadorId } = scopeOf(request);
    const paging = readPaging(request.query);
    const { data, status } = validate(boardQuery, { data: request.query.data, status: request.query.status }, 'query');
    const { content, total } = await appointments.dayPage(aplicacaoId, data, status, paging.page, paging.size, prestadorId);
    return json(200, appointmentPage(content, total, paging));
  },

  'POST /api/prestador/agendamentos/{id}/execucao': async (request) => {
    const { aplicacaoId, prestadorId } = scopeOf(request);
    const agendamentoId = pathId(request, 'appointment');
    const key = idempotencyKey(request.headers['idempotency-key']);
    const { resultado, observacao } = validate(executionBody, request.body);
    // The portal user, by id (a number, as an operator's move names its user; the machine API's is the credential's key).
    const userId = Number(request.principal.subject);
    // /execucao's body naming the path's appointment: the same parse, fingerprint and answer (replayed as stored).
    const answer: z.output<typeof executionResult> = await reportExecution(execution, {
      aplicacaoId,
      prestadorId,
      actorId: Number.isSafeInteger(userId) ? userId : (request.principal.subject ?? null),
      key,
      body: { agendamentoId, resultado, observacao },
    });
    return json(200, answer);
  },
};

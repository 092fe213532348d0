// /api/external/v2/agendamentos: create, read, list and PATCH (CONFIRMADO / CANCELADO) the
// application's appointments. The application comes from the token only; another application's
// appointment is the same 404 as an unknown one.
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { nextId } from '#shared/db/ids';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { appointmentPage, appointmentView } from '#shared/domain/appointments/views';
import { newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate, parseAppointmentPatch } from '#shared/domain/appointments/inputs';
import { notFound } from '#shared/domain/errors';
import { groupHandler, json } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { moveById } from '#shared/operations/appointment-moves';
import { queueAppointment } from '#shared/operations/flow-queue';
import { log } from '#shared/log';
import { listQuery } from './requests.ts';
import type { v2AppointmentsContract } from './contract.ts';

awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('outboundWebhooksQueueUrl', 'appointmentFlowQueueUrl');

const appointments = dynamoAppointmentRepository();
const deps = { appointments, events: dynamoOutboundEventRepository(), queue: queuePort };
const applications = dynamoApplicationRepository();

/** The provider an appointment's `prestador` names: its id as a string, or its registered name; null when none matches. */
async function prestadorNamed(aplicacaoId: number, prestador: string | null): Promise<number | null> {
  if (!prestador) return null;
  if (/^[1-9]\d{0,15}$/.test(prestador)) {
    const byId = await applications.getPrestador(aplicacaoId, Number(prestador));
    if (byId) return byId.id;
  }
  const byName = (await applications.listPrestadores(aplicacaoId)).find((p) => p.nome === prestador);
  return byName?.id ?? null;
}

export const handler = groupHandler<typeof v2AppointmentsContract>('v2-appointments', {
  'POST /api/external/v2/agendamentos': async (request) => {
    const input = parseAppointmentCreate(request.body ?? {});
    const { aplicacaoId, subject } = request.principal;
    const appointment = newAppointment(input, {
      id: await nextId(),
      aplicacaoId,
      prestadorId: await prestadorNamed(aplicacaoId, input.prestador),
      clientId: subject ?? '',
      at: new Date(),
    });
    await appointments.create(appointment);
    // The flow takes it from here; a lost hand-over is found by the sweep (the appointment is due now).
    await queueAppointment(deps, aplicacaoId, appointment.id).catch((error: unknown) =>
      log.warn('new appointment left for the sweep', { agendamentoId: appointment.id, error }),
    );
    return json(201, appointmentView(appointment));
  },

  'GET /api/external/v2/agendamentos/{id}': async (request) => {
    const appointment = await appointments.get(request.principal.aplicacaoId, pathId(request, 'appointment'));
    if (!appointment) throw notFound('appointment');
    return json(200, appointmentView(appointment));
  },

  'GET /api/external/v2/agendamentos': async (request) => {
    const paging = readPaging(request.query);
    const { status } = validate(listQuery, { status: request.query.status }, 'query');
    const { aplicacaoId } = request.principal;
    const [content, total] = await Promise.all([
      appointments.page(aplicacaoId, status, paging.page, paging.size),
      appointments.count(aplicacaoId, status),
    ]);
    return json(200, appointmentPage(content, total, paging));
  },

  'PATCH /api/external/v2/agendamentos/{id}': async (request) => {
    const id = pathId(request, 'appointment');
    const input = parseAppointmentPatch(request.body ?? {});
    const { aplicacaoId, subject } = request.principal;
    const moved = await moveById(deps, aplicacaoId, id, { by: 'cliente', status: input.status }, () => ({
      actorId: subject ?? null,
      observacao: input.observacao,
    }));
    return json(200, appointmentView(moved));
  },
});

// The console's appointment board (Agendamentos) for the admin's own application:
//   GET  /api/admin/agendamentos?data=&status=   one day's board (pattern 22d), paged
//   GET  /api/admin/agendamentos/{id}            the appointment, every move with who made it, and the flow's messages
//   POST /api/admin/agendamentos/{id}/confirmar  an operator's move into CONFIRMADO (optional `motivo`)
//   POST /api/admin/agendamentos/{id}/cancelar   an operator's move into CANCELADO (`motivo` required)
//   POST /api/admin/agendamentos/{id}/reprocessar an appointment in ERRO processed again from the start, on an
//     operator's word (the state machine's ERRO -> IMPORTADO, a flow step with the operator as its actor): due at
//     once and handed to the flow, which validates and notifies it like a new one; a lost hand-over is found by the sweep.
// Every move goes through the state machine (409 where the status does not allow it); another application's
// appointment is the same 404 as an unknown one.
import type * as z from 'zod/mini';
import { queuePort } from '#shared/adapters/index';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { messagesByIds } from '#shared/db/messages';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { appointmentView } from '#shared/domain/appointments/views';
import { type Appointment } from '#shared/domain/appointments/records';
import { type OperatorStatus } from '#shared/domain/appointments/state-machine';
import { notFound } from '#shared/domain/errors';
import { statusDescricoes, type Message } from '#shared/domain/messages/records';
import { elementsPageOf } from '#shared/domain/paging';
import { json, type AnswerFor, type Operations, type TenantRequest } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import { log } from '#shared/log';
import { moveById } from '#shared/operations/appointment-moves';
import { queueAppointment } from '#shared/operations/flow-queue';
import { confirmBody, cancelBody } from './requests.ts';
import { boardQuery } from '#shared/domain/appointments/inputs';
import type { adminAppointment, adminFlowContract } from './contract.ts';

const appointments = dynamoAppointmentRepository();
const deps = { appointments, events: dynamoOutboundEventRepository(), queue: queuePort };
const users = dynamoApplicationRepository();

/** The appointment as the console shows it: the v2 view, each move with its operator's name and message, and the flow's messages. */
async function detailView(a: Appointment): Promise<z.output<typeof adminAppointment>> {
  const ids = a.historico.flatMap((h) => (h.mensagemId === undefined ? [] : [h.mensagemId]));
  const messages = ids.length > 0 ? await messagesByIds(a.aplicacaoId, ids) : new Map<number, Message>();
  const steps = new Map(a.historico.flatMap((h) => (h.mensagemId === undefined ? [] : [[h.mensagemId, h.para] as const])));
  return {
    ...appointmentView(a),
    historico: a.historico.map((h) => ({
      de: h.de,
      para: h.para,
      em: h.em,
      por: { tipo: h.por.tipo, id: h.por.id, nome: h.por.nome ?? null },
      observacao: h.observacao,
      mensagemId: h.mensagemId ?? null,
    })),
    mensagens: ids.flatMap((id) => {
      const m = messages.get(id);
      return m
        ? [
            {
              id: m.id,
              passo: steps.get(id) === 'AVISO_ENVIADO' ? ('lembrete' as const) : ('notificacao' as const),
              body: m.body,
              status: m.status,
              statusDescricao: statusDescricoes[m.status],
              dataEnvio: m.dataEnvio,
              dataEntrega: m.dataEntrega,
              dataLeitura: m.dataLeitura,
              errorCode: m.errorCode,
              errorMessage: m.errorMessage,
            },
          ]
        : [];
    }),
  };
}

async function find(request: TenantRequest): Promise<Appointment> {
  const appointment = await appointments.get(request.principal.aplicacaoId, pathId(request, 'appointment'));
  if (!appointment) throw notFound('appointment');
  return appointment;
}

/** An operator's move: the portal user of the token, with its name as it is now, kept in the history. */
async function operatorMove(
  request: TenantRequest,
  status: OperatorStatus,
  motivo: string | null,
): Promise<AnswerFor<typeof adminFlowContract, 'POST /api/admin/agendamentos/{id}/confirmar'>> {
  const id = pathId(request, 'appointment');
  const { aplicacaoId, subject } = request.principal;
  const userId = Number(subject);
  const user = Number.isSafeInteger(userId) ? await users.getPortalUser(aplicacaoId, userId) : undefined;
  const moved = await moveById(deps, aplicacaoId, id, { by: 'operador', status }, () => ({
    actorId: Number.isSafeInteger(userId) ? userId : (subject ?? null),
    actorName: user?.nome ?? null,
    observacao: motivo,
  }));
  return json(200, appointmentView(moved));
}

export const appointmentOperations: Operations<'admin-flow', typeof adminFlowContract> = {
  'GET /api/admin/agendamentos': async (request) => {
    const paging = readPaging(request.query);
    const { data, status } = validate(boardQuery, { data: request.query.data, status: request.query.status }, 'query');
    const { content, total } = await appointments.dayPage(request.principal.aplicacaoId, data, status, paging.page, paging.size);
    return json(200, elementsPageOf(content.map(appointmentView), total, paging));
  },

  'GET /api/admin/agendamentos/{id}': async (request) => json(200, await detailView(await find(request))),

  'POST /api/admin/agendamentos/{id}/confirmar': async (request) => {
    const { motivo } = validate(confirmBody, request.body ?? {});
    return operatorMove(request, 'CONFIRMADO', motivo ?? null);
  },

  'POST /api/admin/agendamentos/{id}/cancelar': async (request) => {
    const { motivo } = validate(cancelBody, request.body ?? {});
    return operatorMove(request, 'CANCELADO', motivo);
  },

  'POST /api/admin/agendamentos/{id}/reprocessar': async (request) => {
    const id = pathId(request, 'appointment');
    const { aplicacaoId, subject } = request.principal;
    const moved = await moveById(deps, aplicacaoId, id, { by: 'fluxo', step: 'reprocessar' }, (at) => ({
      actorId: subject ?? null,
      observacao: 'processed again from the admin panel',
      due: { vencimento: at.toISOString(), passo: 'processar' },
      pendencia: null,
    }));
    await queueAppointment(deps, aplicacaoId, id).catch((error: unknown) =>
      log.warn('appointment processed again left for the sweep', { agendamentoId: id, error }),
    );
    return json(200, appointmentView(moved));
  },
};

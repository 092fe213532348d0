// POST /api/admin/agendamentos/{id}/reprocessar: an appointment in ERRO processed again from the start,
// on an operator's word (the state machine's ERRO -> IMPORTADO, a flow step with the operator as its
// actor). It is due at once and handed to the flow, which validates and notifies it like a new one; a
// lost hand-over is found by the sweep. Any other status is the state machine's 409.
import { dynamoAppointmentRepository } from '#shared/db/appointments';
import { dynamoOutboundEventRepository } from '#shared/db/outbound-events';
import { appointmentView } from '#shared/domain/appointments';
import { notFound } from '#shared/domain/errors';
import { json, type Operations } from '#shared/http/kit';
import { pathId } from '#shared/http/params';
import { log } from '#shared/log';
import { attemptMove, retryRaces } from '#shared/operations/appointment-moves';
import { queueAppointment } from '#shared/operations/flow-queue';

const appointments = dynamoAppointmentRepository();
const deps = { appointments, events: dynamoOutboundEventRepository() };

export const appointmentOperations: Operations<'admin-whatsapp'> = {
  'POST /api/admin/agendamentos/{id}/reprocessar': async (request) => {
    const id = pathId(request, 'appointment');
    const { aplicacaoId, subject } = request.principal;
    const moved = await retryRaces(async () => {
      const current = await appointments.get(aplicacaoId, id);
      if (!current) throw notFound('appointment');
      const at = new Date();
      const attempt = await attemptMove(
        { ...deps, now: () => at },
        current,
        { by: 'fluxo', step: 'reprocessar' },
        {
          actorId: subject ?? null,
          observacao: 'processed again from the admin panel',
          due: { vencimento: at.toISOString(), passo: 'processar' },
          pendencia: null,
        },
      );
      return attempt.kind === 'moved' || attempt.kind === 'unchanged' ? attempt.appointment : undefined;
    });
    await queueAppointment(aplicacaoId, id).catch((error: unknown) =>
      log.warn('appointment processed again left for the sweep', { agendamentoId: id, error }),
    );
    return json(200, appointmentView(moved));
  },
};

// Handing an appointment to the communication flow's queue: the create, an approved template and
// the sweep do it. Kept apart from the flow itself so the v2 create's bundle stays small.
import type { AppointmentFlowWork } from '#events/queue-messages';
import { adapter } from '#shared/adapters/index';

export async function queueAppointment(aplicacaoId: number, agendamentoId: number, templateAprovado = false): Promise<void> {
  const work: AppointmentFlowWork = { kind: 'agendamento', aplicacaoId, agendamentoId, ...(templateAprovado ? { templateAprovado } : {}) };
  await (await adapter('queue')).send('appointmentFlow', work);
}

// Handing appointments to the communication flow's queue: the create, an approved template and the
// sweep do it. Kept apart from the flow itself so the bundles that only hand work over stay small.
import type { AppointmentFlowWork } from '#events/appointment-flow-queue';
import type { QueuePort } from '#shared/adapters/ports';
import type { AppointmentRepository } from '#shared/domain/appointments/repository';
import { procedureKey, type Template } from '#shared/domain/templates';
import { log } from '#shared/log';

export interface FlowQueueDeps {
  /** The appointment-flow queue's port (an entry point passes `queuePort`). */
  queue: QueuePort;
}

export async function queueAppointment(
  deps: FlowQueueDeps,
  aplicacaoId: number,
  agendamentoId: number,
  templateAprovado = false,
): Promise<void> {
  const work: AppointmentFlowWork = { kind: 'agendamento', aplicacaoId, agendamentoId, ...(templateAprovado ? { templateAprovado } : {}) };
  await deps.queue.send('appointmentFlow', work);
}

/** Queues the appointments waiting in SEM_TEMPLATE for one of an approved template's procedures. */
export async function wakeAppointmentsOf(
  deps: FlowQueueDeps & { appointments: Pick<AppointmentRepository, 'allInStatus'> },
  template: Template,
): Promise<number> {
  const wanted = new Set(template.procedimentos.map(procedureKey));
  let woken = 0;
  for (const a of await deps.appointments.allInStatus(template.aplicacaoId, 'SEM_TEMPLATE')) {
    if (!wanted.has(procedureKey(a.procedimento))) continue;
    await queueAppointment(deps, a.aplicacaoId, a.id, true);
    woken++;
  }
  if (woken > 0)
    log.info('appointments waiting for a template queued', { aplicacaoId: template.aplicacaoId, templateId: template.id, count: woken });
  return woken;
}

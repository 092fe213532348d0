// A patient's message as the appointment flow reads it (docs/appointment-flow.md): a "yes" or a
// "no" (a button of the notification, or a word of the application's lists) moves the appointment
// it answers through the same state machine as a PATCH, with the same events; an opt-out word stops
// the flow's messages to that phone. Anything else is only a message for the attendance.
import type { PatientMessage } from '#events/inbound-queue';
import type { QueuePort } from '#shared/adapters/ports';
import type { AppointmentRepository } from '#shared/domain/appointments/repository';
import type { FlowStore } from '#shared/domain/appointment-flow';
import type { OutboundEventRepository } from '#shared/domain/outbound-webhooks/outbox';
import { appointmentOfButton, interpretReply, mayBeReply, type FlowSettings } from '#shared/domain/appointment-flow';
import { DomainError } from '#shared/domain/errors';
import { attemptMove, retryRaces } from '#shared/operations/appointment-moves';
import { log } from '#shared/log';

export interface ReplyDeps {
  appointments: AppointmentRepository;
  events: OutboundEventRepository;
  queue: QueuePort;
  flow: FlowStore;
}

export type ReplyOutcome = 'nenhum' | 'optout' | 'confirmou' | 'cancelou' | 'ignorado';

export async function readAppointmentReply(
  deps: ReplyDeps,
  message: Pick<PatientMessage, 'aplicacaoId' | 'from' | 'texto' | 'botao' | 'providerMessageId' | 'recebidaEm'>,
  /** The application's settings, read only when the message could be a reply. */
  settings: () => Promise<FlowSettings>,
): Promise<ReplyOutcome> {
  const said = message.botao?.titulo || message.texto;
  if (!mayBeReply(said)) return 'nenhum';
  const meaning = interpretReply(said, await settings());
  if (!meaning) return 'nenhum';
  const { aplicacaoId, from } = message;
  if (meaning === 'optout') {
    await deps.flow.optOut(aplicacaoId, from, said ?? '', message.recebidaEm);
    log.info('patient opted out of the flow messages', { aplicacaoId, providerMessageId: message.providerMessageId });
    return 'optout';
  }
  const agendamentoId = appointmentOfButton(message.botao?.id) ?? (await deps.appointments.awaitingReply(aplicacaoId, from));
  if (agendamentoId === undefined) return 'nenhum';
  try {
    return await retryRaces(async () => {
      const current = await deps.appointments.get(aplicacaoId, agendamentoId);
      // A button naming another patient's (or no longer existing) appointment is not this patient's answer.
      if (!current || current.pacienteTelefone !== from) return 'ignorado' as const;
      const attempt = await attemptMove(deps, current, { by: 'paciente', reply: meaning }, { actorId: message.providerMessageId });
      return attempt.kind === 'raced' ? undefined : meaning;
    });
  } catch (error) {
    // A reply the state machine refuses (the appointment was cancelled or carried out meanwhile) is only logged.
    if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
    log.info('patient reply not applied', { aplicacaoId, agendamentoId, reason: error.message });
    return 'ignorado';
  }
}

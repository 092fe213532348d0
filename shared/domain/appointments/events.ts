// Appointments: the AGENDAMENTO_* events the service sends (which move sends which) and their payloads.
import { localDateTime } from '#shared/domain/time';
import type { Appointment } from '#shared/domain/appointments/records';
import type { AppointmentStatus } from '#shared/domain/appointments/state-machine';
import { appointmentView, type AppointmentView } from '#shared/domain/appointments/views';

export const appointmentEventTypes = [
  'AGENDAMENTO_CONFIRMADO',
  'AGENDAMENTO_CANCELADO',
  'AGENDAMENTO_REALIZADO',
  'AGENDAMENTO_FALTOU',
] as const;
export type AppointmentEventType = (typeof appointmentEventTypes)[number];

/** The event a move INTO a status sends; moves into the other statuses send none. */
export const eventOnEntering: Partial<Record<AppointmentStatus, AppointmentEventType>> = {
  CONFIRMADO: 'AGENDAMENTO_CONFIRMADO',
  CANCELADO: 'AGENDAMENTO_CANCELADO',
  REALIZADO: 'AGENDAMENTO_REALIZADO',
  FALTOU: 'AGENDAMENTO_FALTOU',
};

/** The body of an outbound webhook delivery (Standard Webhooks' recommended `{type, timestamp, data}`). */
export interface AppointmentEvent {
  type: AppointmentEventType;
  /** When the move happened: local date-time without zone, as every timestamp of the spec. */
  timestamp: string;
  data: { agendamento: AppointmentView };
}

export const appointmentEvent = (type: AppointmentEventType, appointment: Appointment, at: Date): AppointmentEvent => ({
  type,
  timestamp: localDateTime(at),
  data: { agendamento: appointmentView(appointment) },
});

/**
 * The event id (Standard Webhooks `webhook-id`) of the move recorded as history entry `seq` (its
 * index): the same however often the move's enqueue is retried, so receivers and the delivery
 * records can dedupe on it. Appointment ids are unique service-wide.
 */
export const appointmentEventId = (agendamentoId: number, seq: number): string => `msg_${agendamentoId}_${seq}`;

/** The status an event's move ends in (the inverse of eventOnEntering). */
const statusOf: Record<AppointmentEventType, AppointmentStatus> = {
  AGENDAMENTO_CONFIRMADO: 'CONFIRMADO',
  AGENDAMENTO_CANCELADO: 'CANCELADO',
  AGENDAMENTO_REALIZADO: 'REALIZADO',
  AGENDAMENTO_FALTOU: 'FALTOU',
};

/** The observation every test event's appointment carries, so a receiver can tell it from a real one. */
export const TEST_EVENT_NOTE = 'Evento de teste enviado pelo portal do prestador: nenhum agendamento mudou.';

/**
 * A test event of `type` (the provider portal's "send a test event", as Svix's "Send example"): the payload of a real
 * one, `{type, timestamp, data: {agendamento}}`, with an example appointment (id 0, which no appointment has) whose
 * last move is the event's and whose `observacoes` says it is a test. No appointment is read or moved.
 */
export function testAppointmentEvent(type: AppointmentEventType, at: Date): AppointmentEvent {
  const em = localDateTime(at);
  const to = statusOf[type];
  return {
    type,
    timestamp: em,
    data: {
      agendamento: {
        id: 0,
        pacienteTelefone: '+5511999999999',
        procedimento: 'Evento de teste',
        pacienteNome: 'Paciente de Teste',
        pacienteCpf: null,
        prestador: null,
        numeroPedido: null,
        dataLimiteRetirada: em.slice(0, 10),
        localRetirada: null,
        observacoes: TEST_EVENT_NOTE,
        medicoSolicitante: null,
        status: to,
        criadoEm: em,
        atualizadoEm: em,
        historico: [
          { de: null, para: 'IMPORTADO', em, por: { tipo: 'fluxo', id: null }, observacao: null },
          { de: 'IMPORTADO', para: to, em, por: { tipo: 'prestador', id: null }, observacao: TEST_EVENT_NOTE },
        ],
        pendencia: null,
      },
    },
  };
}

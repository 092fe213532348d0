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

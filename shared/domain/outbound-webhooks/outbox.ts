// Outbound webhooks: the outbox of appointment events.
import type { AppointmentEvent } from '#shared/domain/appointments/events';

/**
 * An appointment move's event, stored in the move's own commit (so a committed move always has its
 * event, and an event always its move), then fanned out to the provider's subscriptions.
 */
export interface OutboundEvent {
  eventId: string;
  aplicacaoId: number;
  prestadorId: number;
  payload: AppointmentEvent;
  /** ISO 8601 instant of the move: orders the pending events. */
  criadoEm: string;
}

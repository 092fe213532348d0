// Outbound webhooks: the outbox of appointment events.
import type { AppointmentEvent } from '#shared/domain/appointments/events';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

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

/** The outbox (shared/db/outbound-events.ts). */
export interface OutboundEventRepository {
  /** The put of a new event, to commit with the move that caused it. */
  write(event: OutboundEvent): ConditionalWrite<never>;
  get(aplicacaoId: number, eventId: string): Promise<OutboundEvent | undefined>;
  /** Takes the event off the pending index (it stays readable); a second call does nothing. */
  markPublished(aplicacaoId: number, eventId: string): Promise<void>;
  /** Events still pending that were committed before `before` (ISO instant), oldest first, at most `limit`. */
  listPending(before: string, limit: number): Promise<{ aplicacaoId: number; eventId: string }[]>;
}

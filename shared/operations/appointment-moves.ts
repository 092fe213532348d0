// One move of an appointment, as every mover makes it (v2 PATCH, /execucao, and later the flow and
// the patient's replies): the state machine decides (shared/domain/appointments/state-machine.ts), the move is
// written conditioned on the status it was decided from, with its history entry, its outbound event
// and the caller's own writes in one unit of work; after the commit the event is handed to the
// outbound-webhooks queue (a lost hand-over is re-queued by the sweep from the outbox).
import type { QueuePort } from '#shared/adapters/ports';
import { STATUS_CHANGED, type AppointmentRepository } from '#shared/domain/appointments/repository';
import { appointmentEvent, appointmentEventId } from '#shared/domain/appointments/events';
import { moveAppointment, type MoveContext } from '#shared/domain/appointments/moves';
import type { Appointment } from '#shared/domain/appointments/records';
import type { Trigger } from '#shared/domain/appointments/state-machine';
import { conflict, notFound } from '#shared/domain/errors';
import type { OutboundEvent, OutboundEventRepository } from '#shared/domain/outbound-webhooks/outbox';
import { systemClock, type Clock } from '#shared/domain/time';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { log } from '#shared/log';

export interface MoveDeps {
  appointments: AppointmentRepository;
  events: OutboundEventRepository;
  /** Where a committed move's event is handed over (the outbound-webhooks queue). */
  queue: QueuePort;
  now?: Clock;
}

export type MoveAttempt<R> =
  | { kind: 'moved' | 'unchanged'; appointment: Appointment }
  /** Another request moved it first: read again and decide again. */
  | { kind: 'raced' }
  /** A caller's own write was refused (e.g. an idempotency key already used). */
  | { kind: 'refused'; refusals: R[] };

/** Hands a committed event to the queue; a failure is only logged (the event waits in the outbox for the sweep). */
async function publish(queue: QueuePort, event: OutboundEvent): Promise<void> {
  try {
    const message = { kind: 'evento', aplicacaoId: event.aplicacaoId, eventId: event.eventId };
    await queue.send('outboundWebhooks', message, { dedupeId: event.eventId });
  } catch (error) {
    log.warn('outbound event left for the sweep', { eventId: event.eventId, error });
  }
}

/** One attempt at moving `current`: throws the state machine's refusal (409, 422). */
export async function attemptMove<R = never>(
  deps: MoveDeps,
  current: Appointment,
  trigger: Trigger,
  context: Omit<MoveContext, 'at'>,
  extras: (after: Appointment) => readonly ConditionalWrite<R>[] = () => [],
): Promise<MoveAttempt<R>> {
  const at = (deps.now ?? systemClock)();
  const move = moveAppointment(current, trigger, { ...context, at });
  if (!move.changed) return { kind: 'unchanged', appointment: current };
  const after = move.appointment;
  const event: OutboundEvent | undefined =
    move.evento && after.prestadorId !== null
      ? {
          eventId: appointmentEventId(after.id, after.historico.length - 1),
          aplicacaoId: after.aplicacaoId,
          prestadorId: after.prestadorId,
          payload: appointmentEvent(move.evento, after, at),
          criadoEm: at.toISOString(),
        }
      : undefined;
  const outcome = await deps.appointments.move(after, current, [...(event ? [deps.events.write(event)] : []), ...extras(after)]);
  if (outcome.committed) {
    log.info('appointment moved', { agendamentoId: after.id, de: move.from, para: after.status, por: trigger.by });
    if (event) await publish(deps.queue, event);
    return { kind: 'moved', appointment: after };
  }
  const own = outcome.refusals.filter((r): r is R => r !== STATUS_CHANGED);
  if (own.length > 0) return { kind: 'refused', refusals: own };
  if (outcome.raced || outcome.refusals.length > 0) return { kind: 'raced' };
  throw outcome.error;
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 10 * 2 ** attempt)));

/**
 * Retries `step` while it loses races (each try reads the appointment again and the state machine
 * decides again), so of two concurrent moves one wins and the other is decided on the winner's status.
 */
export async function retryRaces<T>(step: () => Promise<T | undefined>, attempts = 12): Promise<T> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const result = await step();
    if (result !== undefined) return result;
    await pause(attempt);
  }
  throw conflict('The appointment is changing concurrently; try again');
}

/**
 * Moves the application's appointment `id` by `trigger`, read again and decided again while it loses races: the
 * appointment after the move, or as it was when the move changes nothing. Another application's is the same 404 as an
 * unknown one. `context` gets the move's instant (a move that sets a due time dates it by that instant).
 */
export async function moveById(
  deps: MoveDeps,
  aplicacaoId: number,
  id: number,
  trigger: Trigger,
  context: (at: Date) => Omit<MoveContext, 'at'>,
): Promise<Appointment> {
  return retryRaces(async () => {
    const current = await deps.appointments.get(aplicacaoId, id);
    if (!current) throw notFound('appointment');
    const at = (deps.now ?? systemClock)();
    const attempt = await attemptMove({ ...deps, now: () => at }, current, trigger, context(at));
    return attempt.kind === 'moved' || attempt.kind === 'unchanged' ? attempt.appointment : undefined;
  });
}

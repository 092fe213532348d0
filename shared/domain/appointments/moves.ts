// Appointments: creating one and moving it (the state machine decides, state-machine.ts).
//
// Persistence contract: a move is written conditioned on the status it was decided from (optimistic
// concurrency); a refused condition means someone moved the appointment first, so the caller reads
// it again and decides again. A no-op (`changed: false`) writes nothing and sends no event.
import { localDateTime } from '#shared/domain/time';
import { parseDeadline } from '#shared/domain/appointment-flow';
import type { AppointmentEventType } from '#shared/domain/appointments/events';
import type { AppointmentCreateInput } from '#shared/domain/appointments/inputs';
import type { Appointment, FlowDue, HistoryEntry } from '#shared/domain/appointments/records';
import { decideTransition, refusalError, type AppointmentStatus, type Trigger } from '#shared/domain/appointments/state-machine';

export interface CreateContext {
  id: number;
  aplicacaoId: number;
  prestadorId: number | null;
  /** The OAuth client that created it (history's `por.id`). */
  clientId: string;
  at: Date;
}

/** A new appointment, IMPORTADO, with its creation in the history. */
export function newAppointment(input: AppointmentCreateInput, context: CreateContext): Appointment {
  const em = localDateTime(context.at);
  return {
    id: context.id,
    aplicacaoId: context.aplicacaoId,
    prestadorId: context.prestadorId,
    ...input,
    status: 'IMPORTADO',
    criadoEm: em,
    atualizadoEm: em,
    historico: [{ de: null, para: 'IMPORTADO', em, por: { tipo: 'cliente', id: context.clientId }, observacao: null }],
    // Due at once: the flow validates it (pattern 34; the create also queues it, this is the safety net).
    vencimento: context.at.toISOString(),
    passo: 'processar',
    pendencia: null,
  };
}

export interface MoveContext {
  /** Who, within the trigger's actor kind (see HistoryEntry.por). */
  actorId: string | number | null;
  /** An operator's name, kept in the history entry as it was at the move. */
  actorName?: string | null;
  /** The message sent with the move (the flow's notification or reminder). */
  mensagemId?: number;
  observacao?: string | null;
  at: Date;
  /** The flow's next look at it after the move; none by default (a move by anyone else ends the flow's timers). */
  due?: { vencimento: string; passo: FlowDue } | null;
  pendencia?: string | null;
}

export type Move =
  | { changed: false; appointment: Appointment }
  | {
      changed: true;
      /** The appointment after the move (a new object; the input is not modified). */
      appointment: Appointment;
      /** The status the write must be conditioned on. */
      from: AppointmentStatus;
      entry: HistoryEntry;
      evento: AppointmentEventType | null;
    };

/** Applies `trigger` to `appointment`, or throws the refusal (409 / 422) as a DomainError. */
export function moveAppointment(appointment: Appointment, trigger: Trigger, context: MoveContext): Move {
  const decision = decideTransition(appointment.status, trigger);
  if (!decision.allowed) throw refusalError(decision);
  if (!decision.changed) return { changed: false, appointment };
  const em = localDateTime(context.at);
  const entry: HistoryEntry = {
    de: decision.from,
    para: decision.to,
    em,
    por:
      context.actorName === undefined
        ? { tipo: trigger.by, id: context.actorId }
        : { tipo: trigger.by, id: context.actorId, nome: context.actorName },
    observacao: context.observacao ?? null,
    ...(context.mensagemId === undefined ? {} : { mensagemId: context.mensagemId }),
  };
  return {
    changed: true,
    appointment: {
      ...appointment,
      status: decision.to,
      atualizadoEm: em,
      historico: [...appointment.historico, entry],
      vencimento: context.due?.vencimento ?? null,
      passo: context.due?.passo ?? null,
      pendencia: context.pendencia ?? null,
    },
    from: decision.from,
    entry,
    evento: decision.evento,
  };
}

/**
 * The day an appointment is listed under on the console's board (pattern 22d): the date of its pick-up deadline
 * when the flow can read it, else the day it was created; YYYY-MM-DD in the service's time zone.
 */
export function boardDay(a: Pick<Appointment, 'dataLimiteRetirada' | 'criadoEm'>): string {
  const deadline = parseDeadline(a.dataLimiteRetirada);
  return (deadline ? localDateTime(deadline) : a.criadoEm).slice(0, 10);
}

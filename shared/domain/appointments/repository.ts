// Appointments: what the moves, the flow and the reads need from persistence (implemented for
// DynamoDB in shared/db/appointments.ts).
import type { CommitOutcome, ConditionalWrite } from '#shared/domain/unit-of-work';
import type { Appointment } from '#shared/domain/appointments/records';
import type { AppointmentStatus } from '#shared/domain/appointments/state-machine';

/** What a move's own write refuses with when the appointment left the status it was read in. */
export const STATUS_CHANGED = 'status-changed';

export interface AppointmentRepository {
  get(aplicacaoId: number, id: number): Promise<Appointment | undefined>;
  /** The appointment an order number of a provider names (the open one, or the last one closed). */
  findByOrderNumber(aplicacaoId: number, prestadorId: number, numeroPedido: string): Promise<Appointment | undefined>;
  /** Stores a new appointment; a second open appointment with the same numeroPedido of a provider is a conflict. */
  create(appointment: Appointment): Promise<void>;
  /**
   * Writes a move decided on `from` (the new record, its last history entry) with `extras`, all or
   * nothing. Refused with STATUS_CHANGED when the stored status is no longer `from`.
   */
  move<R>(
    after: Appointment,
    before: Appointment,
    extras: readonly ConditionalWrite<R>[],
  ): Promise<CommitOutcome<R | typeof STATUS_CHANGED>>;
  /** The writes of a move, refused with `refusal` when the stored status is no longer `before`'s: for a caller's own unit of work (a send's debit). */
  moveWrites<R>(after: Appointment, before: Appointment, refusal: R): ConditionalWrite<R>[];
  /**
   * A flow worker's claim on the step it is about to send (the appointment as read, no other claim after
   * `staleBefore`): the debit moves the balance before the appointment's move is written, so the workers that
   * took the same due appointment must not all send. Cleared by the move and by a postponement.
   */
  claimSend(a: Appointment, now: Date, staleBefore: Date): Promise<boolean>;
  /** Sets when the flow looks at it next and what it waits for, without a move; false when the status or due time changed meanwhile. */
  postpone(
    before: Appointment,
    due: { vencimento: string; passo: NonNullable<Appointment['passo']> },
    pendencia: string | null,
  ): Promise<boolean>;
  /** The appointments due at `now` or before, of one shard of the due index (pattern 34), oldest first. */
  due(shard: number, now: Date, limit: number): Promise<{ aplicacaoId: number; agendamentoId: number }[]>;
  /** The appointment a patient's plain reply answers (pattern 34a). */
  awaitingReply(aplicacaoId: number, telefone: string): Promise<number | undefined>;
  /** A page, newest first, optionally of one status; its cost grows with the page number, not with the total. */
  page(aplicacaoId: number, status: AppointmentStatus | undefined, page: number, size: number): Promise<Appointment[]>;
  /** Every appointment of the application in one status (the status index, pattern 22a), page after page. */
  allInStatus(aplicacaoId: number, status: AppointmentStatus): Promise<Appointment[]>;
  /** How many appointments the application has, in all or in one status (the counters of pattern 22b). */
  count(aplicacaoId: number, status: AppointmentStatus | undefined): Promise<number>;
  /**
   * A page of one day's board (pattern 22d; of one provider's appointments only, when `prestadorId` is given: 22e),
   * by status then id, optionally of one status, and how many there are.
   */
  dayPage(
    aplicacaoId: number,
    dia: string,
    status: AppointmentStatus | undefined,
    page: number,
    size: number,
    prestadorId?: number,
  ): Promise<{ content: Appointment[]; total: number }>;
}

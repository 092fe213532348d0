// Messages: what the send path and the reads need from persistence (implemented for DynamoDB in
// shared/db/messages.ts and shared/db/idempotency.ts).
import type { Application } from '#shared/domain/applications/records';
import { DomainError, notFound } from '#shared/domain/errors';
import type { IdempotencyRecord } from '#shared/domain/idempotency';
import type { Tariff } from '#shared/domain/tariffs';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import type { DueSend, Message, MessageFilters, PendingSend } from '#shared/domain/messages/records';
import type { SendAnswer } from '#shared/domain/messages/records';

export interface SendContext {
  application: Application | undefined;
  /** Balance as read (two places); undefined when the application has none. */
  saldo: string | undefined;
  cotacaoUsdBrl: string | null;
  tariffs: Tariff[];
}

export interface MessageRepository {
  newId(): Promise<number>;
  /** Application, balance and rate (one BatchGet) and the tariff catalogue (one Query), in parallel. */
  loadSendContext(aplicacaoId: number): Promise<SendContext>;
  /**
   * The put of a new message (and, while QUEUED, its reconciler's index entry), written with its debit's entry. A
   * message that was scheduled (`agendadoPara`) is not new: its SCHEDULED item becomes it, refused with `notScheduled`
   * (shared/domain/messages/schedule.ts) once it is no longer SCHEDULED, and its due entry (35a) leaves with it.
   */
  queuedWrites(message: Message, idempotencyKey?: string): ConditionalWrite[];
  /** The move QUEUED -> FAILED (refused with `alreadySettled` from any other status), written with the compensating credit's entry. */
  failedWrites(message: Message, errorCode: string | null, errorMessage: string): ConditionalWrite[];
  /** The marker that a statement entry was refunded (at most once per entry). */
  refundMarkerWrite(aplicacaoId: number, lancamentoId: number): ConditionalWrite;
  /**
   * The reconciler's claim on a QUEUED message, so two runs at once do not both give its charge back: false when the
   * message left QUEUED or another run claimed it after `staleBefore`.
   */
  claimForReconciler(message: Message, now: Date, staleBefore: Date): Promise<boolean>;
  /** QUEUED -> SENT with the provider's id, and the provider id -> message lookup, in one write. */
  markSent(message: Message, messageSid: string): Promise<void>;
  /** The sends whose reconcile time is past at `now` (pattern 35), at most `limit` per shard. */
  pendingSends(now: Date, limit: number): Promise<PendingSend[]>;
  /** Removes an index entry whose message is settled (or gone). */
  dropPending(pending: PendingSend): Promise<void>;
  get(aplicacaoId: number, id: number): Promise<Message | undefined>;
  list(aplicacaoId: number, filters: MessageFilters, page: number, size: number): Promise<{ content: Message[]; total: number }>;
}

/** The scheduled sends (#35): the SCHEDULED messages, their due index (pattern 35a) and their moves out of SCHEDULED. */
export interface ScheduledMessageRepository {
  /**
   * Commits a new SCHEDULED message with its due entry and its counts, and the caller's writes (a keyed request's
   * record), all or nothing; throws the refusal of a write refused, the store's error otherwise.
   */
  saveScheduled(message: Message, writes: readonly ConditionalWrite[]): Promise<void>;
  /**
   * SCHEDULED -> CANCELED at `now`, its due entry deleted; refused with `notScheduled` once it is no longer SCHEDULED,
   * or while a scheduler run's claim younger than SEND_CLAIM_MS holds it (it is being sent).
   */
  cancel(message: Message, now: Date): Promise<void>;
  /** A scheduler run's claim on a SCHEDULED message it is about to send: false when another run's claim still holds it. */
  claimSend(message: Message, now: Date): Promise<boolean>;
  /** SCHEDULED -> FAILED at `now` (nothing was charged), its due entry deleted; refused with `notScheduled` likewise. */
  fail(message: Message, errorCode: string, errorMessage: string, now: Date): Promise<void>;
  /** The scheduled messages whose time is past at `now`, at most `limit` per shard. */
  due(now: Date, limit: number): Promise<DueSend[]>;
  /** Removes a due entry whose message is no longer SCHEDULED (or gone). */
  dropDue(due: DueSend): Promise<void>;
}

/** The once-only records of keyed sends (pattern 23, scoped to the application). */
export interface SendIdempotency {
  get(aplicacaoId: number, key: string): Promise<IdempotencyRecord<SendAnswer> | undefined>;
  /** The record's put, committed with the debit; refused with `refusal` when the key is taken. */
  reserveWrite(aplicacaoId: number, key: string, record: IdempotencyRecord<SendAnswer>, refusal: DomainError): ConditionalWrite;
  /** The final answer over this request's reservation. */
  complete(aplicacaoId: number, key: string, record: IdempotencyRecord<SendAnswer>): Promise<void>;
}

/** Refusal of the move to FAILED when the message is no longer QUEUED: someone else settled it. */
export const alreadySettled = new DomainError('conflict', 'The message was settled meanwhile');

export async function getMessage(repo: Pick<MessageRepository, 'get'>, aplicacaoId: number, id: number): Promise<Message> {
  const message = await repo.get(aplicacaoId, id);
  if (!message) throw notFound('message');
  return message;
}

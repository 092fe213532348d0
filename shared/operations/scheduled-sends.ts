// Scheduled sends (#35), the use cases of the two send routes' `agendarPara` (POST /api/external/messages/send,
// POST /api/external/v2/mensagens), of a cancel (DELETE /api/external/messages/{id}, the console's
// POST /api/admin/mensagens/{id}/cancelar) and of the every-minute schedule that sends what is due
// (functions/scheduled/scheduled-sends.ts).
//
//   1. the request: its body (`scheduledSendBody`), the phone, the window (a minute to 35 days ahead), then one
//      commit: the message SCHEDULED, its due entry (pattern 35a), its counts and the Idempotency-Key's record with
//      the final answer (202 AGENDADO). Nothing is charged;
//   2. at its time: the ordinary send (shared/operations/send-message.ts, same tariff, debit, statement entry,
//      provider call, compensation, reconciler) with the message's id; its SCHEDULED item becomes the sent message in
//      the debit's commit, conditioned on it still being SCHEDULED. Two runs at once, or a run after one that died,
//      find it no longer SCHEDULED: one debit, one provider call. A balance that no longer covers it, an inactive
//      application or no tariff in force fail it (FAILED, its error code, nothing charged);
//   3. a cancel: SCHEDULED -> CANCELED, conditioned likewise, so a cancel racing the send either wins (nothing
//      charged, never sent) or loses (409).
import * as z from 'zod/mini';
import { DomainError, invalid, notFound } from '#shared/domain/errors';
import { keyReused, replayOf, requestFingerprint, type IdempotencyRecord } from '#shared/domain/idempotency';
import {
  statusRanks,
  type Contexto,
  type DueSend,
  type Message,
  type ScheduledOutcome,
  type SendAnswer,
  type SendOutcome,
} from '#shared/domain/messages/records';
import { getMessage, type MessageRepository, type ScheduledMessageRepository } from '#shared/domain/messages/repository';
import {
  isFinalRefusal,
  notScheduled,
  scheduledFailureMessage,
  scheduledFailures,
  scheduledInstant,
} from '#shared/domain/messages/schedule';
import { normalizePhone } from '#shared/domain/phone';
import { systemClock, type Clock } from '#shared/domain/time';
import { parseInput } from '#shared/domain/validation';
import { log } from '#shared/log';
import { sendBody, sendingNumber, sendMessage, type Send, type SendDeps, type SendRequest } from '#shared/operations/send-message';

/** The spec's timestamp form, without fractions: a local date-time of America/Sao_Paulo. */
const localDateTimeText = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** The send's body on the two send routes: the send's, and when to send it. */
export const scheduledSendBody = z.extend(sendBody, {
  /** Absent: sent now. A local date-time of America/Sao_Paulo without a zone, from 1 minute to 35 days ahead. */
  agendarPara: z.optional(
    z
      .string()
      .check(z.maxLength(19), z.regex(localDateTimeText, { error: 'must be a local date-time without a zone, as YYYY-MM-DDTHH:mm:ss' })),
  ),
});

/** The send's dependencies, and the scheduled messages'. */
export interface ScheduleDeps extends SendDeps {
  scheduled: ScheduledMessageRepository;
}

/** The send of a request on a route that also schedules: sent now (`Send`), or scheduled. */
export type SendOrSchedule = (request: SendRequest) => Promise<SendOutcome | ScheduledOutcome>;

/** A request's send, or its scheduling when its body has `agendarPara`; `sendNow` is the route's ordinary send. */
export function sendOrScheduleOperation(dependencies: () => ScheduleDeps, sendNow: Send): SendOrSchedule {
  return async (request) => {
    const input = parseInput(scheduledSendBody, request.body ?? {}, 'body');
    if (input.agendarPara === undefined) return sendNow(request);
    const telefone = normalizePhone(input.telefone);
    if (!telefone) throw invalid('telefone must be a phone number with its country code, e.g. +5511999998888', 'telefone');
    const { key } = request;
    const { agendarPara, ...rest } = input;
    return scheduleMessage(dependencies(), request.aplicacaoId, {
      ...rest,
      telefone,
      agendarPara,
      statusCallbackUrl: request.statusCallbackUrl,
      ...(key === undefined ? {} : { idempotency: { key, fingerprint: requestFingerprint({ ...input, telefone }) } }),
    });
  };
}

export interface ScheduleInput {
  telefone: string; // already normalised, +E.164
  mensagem: string;
  contexto?: Contexto;
  contextoId?: number;
  usuarioId?: number;
  /** When (service local time, checked: a minute to 35 days ahead). */
  agendarPara: string;
  statusCallbackUrl: string;
  idempotency?: { key: string; fingerprint: string };
}

/** Refusal of the record's put when another request holds the key (its answer is then read and replayed). */
const keyTaken = new DomainError('conflict', 'Idempotency-Key already used');

/** The first answer for a repeat of the same keyed request: 422 for another request. */
function replayed(record: IdempotencyRecord<SendAnswer>, fingerprint: string): ScheduledOutcome {
  const answer = replayOf(record, fingerprint);
  if (!('agendado' in answer)) {
    // Only a request with this `agendarPara` has this fingerprint, and it is answered AGENDADO.
    throw keyReused();
  }
  return { ...answer, replay: true };
}

/** Schedules a send: the message SCHEDULED for `agendarPara`, nothing charged. */
export async function scheduleMessage(deps: ScheduleDeps, aplicacaoId: number, input: ScheduleInput): Promise<ScheduledOutcome> {
  const keyed = input.idempotency && deps.idempotency ? { ...input.idempotency, store: deps.idempotency } : undefined;
  // A repeat gets the first answer, even once its time is closer than a minute.
  if (keyed) {
    const earlier = await keyed.store.get(aplicacaoId, keyed.key);
    if (earlier) return replayed(earlier, keyed.fingerprint);
  }
  const now = deps.now ?? systemClock;
  scheduledInstant(input.agendarPara, now());
  const { application: app } = await deps.messages.loadSendContext(aplicacaoId);
  if (!app) throw notFound('application');
  if (app.ativo === false) throw new DomainError('forbidden', 'The application is inactive');

  const id = await deps.messages.newId();
  const message: Message = {
    id,
    aplicacaoId,
    provider: app.provider,
    messageSid: null,
    toNumber: input.telefone,
    fromNumber: sendingNumber(app),
    body: input.mensagem,
    status: 'SCHEDULED',
    statusRank: statusRanks.SCHEDULED,
    contexto: input.contexto ?? null,
    contextoId: input.contextoId ?? null,
    usuarioId: input.usuarioId ?? null,
    // Until it is sent, the time it is to be: it lists and counts there.
    dataEnvio: input.agendarPara,
    dataEntrega: null,
    dataLeitura: null,
    errorCode: null,
    errorMessage: null,
    lancamentoId: null,
    tarifaCobrada: null,
    reconciliarEm: null,
    agendadoPara: input.agendarPara,
    statusCallbackUrl: input.statusCallbackUrl,
  };
  const answer = { agendado: true, mensagemId: id, agendadoPara: input.agendarPara } as const;
  try {
    await deps.scheduled.saveScheduled(
      message,
      keyed ? [keyed.store.reserveWrite(aplicacaoId, keyed.key, { fingerprint: keyed.fingerprint, answer }, keyTaken)] : [],
    );
  } catch (error) {
    if (error !== keyTaken || !keyed) throw error;
    // A concurrent duplicate stored its answer first: that one.
    const earlier = await keyed.store.get(aplicacaoId, keyed.key);
    if (!earlier) throw new DomainError('conflict', 'A send with this Idempotency-Key is being processed; retry in a few seconds');
    return replayed(earlier, keyed.fingerprint);
  }
  return answer;
}

/** Why a message cannot be canceled: it left SCHEDULED (sent, being sent, failed at its time). */
const notCancelable = (status: Message['status']) =>
  new DomainError(
    'conflict',
    status === 'FAILED'
      ? 'Only a scheduled message can be canceled: this one failed at its time'
      : 'Only a scheduled message can be canceled: this one was already sent (or is being sent)',
  );

/**
 * Cancels a scheduled message of the application: SCHEDULED -> CANCELED (its due entry deleted), nothing charged.
 * Another application's message or an unknown id is 404; one no longer SCHEDULED is 409, but a canceled one, which
 * stays canceled (a repeated cancel changes nothing).
 */
export async function cancelScheduledMessage(
  deps: { messages: Pick<MessageRepository, 'get'>; scheduled: Pick<ScheduledMessageRepository, 'cancel'>; now?: Clock },
  aplicacaoId: number,
  id: number,
): Promise<void> {
  const message = await getMessage(deps.messages, aplicacaoId, id);
  if (message.status === 'CANCELED') return;
  if (message.status !== 'SCHEDULED') throw notCancelable(message.status);
  try {
    await deps.scheduled.cancel(message, (deps.now ?? systemClock)());
  } catch (error) {
    if (error !== notScheduled) throw error;
    // Its send (or another cancel) came first.
    const now = await getMessage(deps.messages, aplicacaoId, id);
    if (now.status !== 'CANCELED') throw notCancelable(now.status);
  }
}

/** What became of a due scheduled message: sent (the provider accepted), failed as any send fails, refused at its time, or gone. */
export type DueOutcome = 'sent' | 'failed' | 'refused' | 'gone';

/**
 * Sends a scheduled message whose time is past, through the ordinary send with its id. One no longer SCHEDULED
 * (canceled, or sent by another run) only loses its due entry; a refusal no later run would undo fails it, nothing
 * charged; anything else (the balance racing, the table failing) throws and leaves the entry for the next run.
 */
export async function sendDueMessage(deps: ScheduleDeps, due: DueSend): Promise<DueOutcome> {
  const message = await deps.messages.get(due.aplicacaoId, due.mensagemId);
  if (!message || message.status !== 'SCHEDULED') {
    await deps.scheduled.dropDue(due);
    return 'gone';
  }
  // The debit moves the balance before the message's write: one run at a time on it, and no cancel meanwhile.
  if (!(await deps.scheduled.claimSend(message, (deps.now ?? systemClock)()))) return 'gone';
  try {
    const outcome = await sendMessage(deps, message.aplicacaoId, {
      telefone: message.toNumber,
      mensagem: message.body,
      ...(message.contexto === null ? {} : { contexto: message.contexto }),
      ...(message.contextoId === null ? {} : { contextoId: message.contextoId }),
      ...(message.usuarioId === null ? {} : { usuarioId: message.usuarioId }),
      statusCallbackUrl: message.statusCallbackUrl ?? '',
      scheduled: message,
    });
    return outcome.ok ? 'sent' : 'failed';
  } catch (error) {
    if (error === notScheduled) {
      await deps.scheduled.dropDue(due);
      return 'gone';
    }
    if (!isFinalRefusal(error)) throw error;
    try {
      await deps.scheduled.fail(message, scheduledFailures[error.kind], scheduledFailureMessage(error), (deps.now ?? systemClock)());
    } catch (failure) {
      if (failure !== notScheduled) throw failure;
      await deps.scheduled.dropDue(due);
      return 'gone';
    }
    log.warn('a scheduled send was refused at its time and failed, nothing charged', {
      aplicacaoId: message.aplicacaoId,
      mensagemId: message.id,
      errorCode: scheduledFailures[error.kind],
    });
    return 'refused';
  }
}

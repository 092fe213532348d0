// The send, the use case of POST /api/external/messages/send (API key, external-messages group),
// POST /api/external/v2/mensagens (OAuth2, v2-other), an attendance's answer and the console's test send
// (admin-whatsapp) and the appointment flow's messages: the body checked, the phone normalised, the
// idempotency key's fingerprint, then the send itself. It returns the outcome; shared/http/send-answer.ts
// turns it into the HTTP answer. Its DynamoDB repositories and provider are shared/wiring/send.ts's.
//
// A send reserves before it sends, so no concurrency can send an unpaid message:
//   1. read the application (its provider now, never cached), the tariff in force, the balance
//      and the rate; a balance below the tariff is a 402 with nothing written;
//   2. the debit (postEntry: one write to the balance), then its statement entry (MENSAGEM_ENVIADA) and the
//      message QUEUED in one transaction;
//   3. call the provider; success moves the message to SENT with the provider's id (and writes the
//      id -> message lookup that the delivery-status callbacks need);
//   4. failure compensates: a CREDIT entry (ESTORNO_FALHA_ENVIO, referring to the debit) and the
//      message FAILED with the provider's error, in one commit. The ledger is append-only, so a
//      failed send shows its debit and the credit that cancels it: the net charge is zero.
// Every debit settles: a send that stops before settling is settled by the reconciler (send-reconciler.ts).
// A provider that accepted the message is never refunded by this function: a failed move to SENT
// is retried, then left to the callbacks (docs/decisions.md).
import * as z from 'zod/mini';
import { normalizePhone } from '#shared/domain/phone';
import { parseInput, recordId } from '#shared/domain/validation';
import type { Application } from '#shared/domain/applications/records';
import { localDateTime, systemClock, type Clock } from '#shared/domain/time';
import { DomainError, insufficientBalance, invalid, notFound } from '#shared/domain/errors';
import { keyReused, replayOf, requestFingerprint, type IdempotencyRecord } from '#shared/domain/idempotency';
import { messageDebitDescription, postEntry, type ConversationType, type LedgerRepository } from '#shared/domain/ledger';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
import { toCents } from '#shared/domain/money';
import { MESSAGE_TARIFF, tariffFor, today } from '#shared/domain/tariffs';
import { ProviderError, type ProviderClient, type SendResult, type TemplateSend } from '#shared/providers/types';
import { RECONCILE_AFTER_MS, sendBudget } from '#shared/domain/send-budget';
import { log } from '#shared/log';
import {
  contextos,
  sendReference,
  statusRanks,
  type Contexto,
  type Message,
  type SendAnswer,
  type SendOutcome,
} from '#shared/domain/messages/records';
import { compensate } from '#shared/domain/messages/compensation';
import type { MessageRepository, SendIdempotency } from '#shared/domain/messages/repository';

export const sendBody = z.object({
  /** A phone with its country code (E.164 has at most 15 digits; room for spaces, dashes and parentheses). */
  telefone: z.string().check(z.maxLength(32)),
  mensagem: z.string().check(
    z.minLength(1),
    z.maxLength(4096),
    z.refine((s) => s.trim().length > 0, { error: 'must not be blank' }),
  ),
  contexto: z.optional(z.enum(contextos)),
  contextoId: z.optional(recordId),
  usuarioId: z.optional(recordId),
});

export interface SendRequest {
  aplicacaoId: number;
  /** The request's body, unchecked. */
  body: unknown;
  /** The caller's Idempotency-Key, already checked (shared/domain/idempotency.ts, idempotencyKey). */
  key: string | undefined;
  /** Where provider_a posts this message's statuses. */
  statusCallbackUrl: string;
  /** A caller's own writes, committed with the debit (an attendance's answer joins its conversation). */
  writes?: SendInput['writes'];
}

/** The send of a request: what sendMessageOperation makes of its dependencies, and what shared/http/send-answer.ts serves. */
export type Send = (request: SendRequest) => Promise<SendOutcome>;

/** The use case with its repositories and providers (the Lambdas' are shared/wiring/send.ts's, a test passes its own). */
export function sendMessageOperation(dependencies: () => SendDeps): Send {
  return async (request) => {
    const input = parseInput(sendBody, request.body ?? {}, 'body');
    const telefone = normalizePhone(input.telefone);
    if (!telefone) throw invalid('telefone must be a phone number with its country code, e.g. +5511999998888', 'telefone');
    const { key } = request;
    return sendMessage(dependencies(), request.aplicacaoId, {
      ...input,
      telefone,
      statusCallbackUrl: request.statusCallbackUrl,
      ...(request.writes === undefined ? {} : { writes: request.writes }),
      ...(key === undefined ? {} : { idempotency: { key, fingerprint: requestFingerprint({ ...input, telefone }) } }),
    });
  };
}

export interface SendInput {
  telefone: string; // already normalised, +E.164
  mensagem: string;
  contexto?: Contexto;
  contextoId?: number;
  usuarioId?: number;
  statusCallbackUrl: string;
  /** The caller's Idempotency-Key and the fingerprint of its request: a repeat gets the first answer, never a second charge. */
  idempotency?: { key: string; fingerprint: string };
  /** An approved template to send (`mensagem` is its filled text), and its category for the statement entry. */
  template?: TemplateSend;
  tipoConversa?: ConversationType;
  /**
   * The caller's writes, committed with the debit (a refused one refuses the send, nothing charged: its DomainError is
   * thrown); a function is given the new message's id and the tariff charged (an appointment's move records the
   * message it sent, a campaign's recipient its cost).
   */
  writes?: readonly ConditionalWrite[] | ((mensagemId: number, valor: string) => readonly ConditionalWrite[]);
  /**
   * Awaited just before the provider's call: a campaign's pace (shared/operations/campaign-worker.ts), which gives the
   * instant it let the send go (a `link` send's dataEnvio: in the second whose share of the pace it took).
   */
  pace?: () => Promise<Date>;
  /** The campaign sending it and the recipient's line: recorded on the message, whose status callbacks then count for the campaign. */
  campanhaId?: number;
  campanhaLinha?: number;
  /**
   * A scheduled send at its time (shared/operations/scheduled-sends.ts): its SCHEDULED message, whose id the send
   * keeps and whose item becomes the sent message in the debit's commit, refused (nothing charged) once it is no
   * longer SCHEDULED.
   */
  scheduled?: Pick<Message, 'id' | 'agendadoPara'>;
}

export interface SendDeps {
  messages: MessageRepository;
  ledger: LedgerRepository;
  providerFor: (app: Application) => ProviderClient;
  idempotency?: SendIdempotency;
  now?: Clock;
  /** The settling budget (default sendBudget.settleMs); tests shorten it. */
  settleMs?: number;
}

/** The number a message is sent from: provider_a's own, else the application's first WhatsApp number. */
export const sendingNumber = (app: Pick<Application, 'provider' | 'providerA' | 'numerosWhatsapp'>): string | null =>
  (app.provider === 'provider_a' ? app.providerA?.fromNumber : undefined) ?? app.numerosWhatsapp?.[0] ?? null;

/** The first answer for a repeat of the same keyed request: 422 for another request, 409 while the first is still under way. */
function replayed(record: IdempotencyRecord<SendAnswer>, fingerprint: string): SendOutcome {
  const answer = replayOf(record, fingerprint);
  // A scheduled send's answer: only a request with its `agendarPara`, which is not this one, has its fingerprint.
  if ('agendado' in answer) {
    throw keyReused();
  }
  if ('pendente' in answer) {
    throw new DomainError('conflict', 'A send with this Idempotency-Key is still being processed; retry in a few seconds', {
      mensagemId: answer.mensagemId,
    });
  }
  return { ...answer, replay: true };
}

/** Refusal of the reservation when another request holds the key (its answer is then read and replayed). */
const keyTaken = new DomainError('conflict', 'Idempotency-Key already used');

export async function sendMessage(deps: SendDeps, aplicacaoId: number, input: SendInput): Promise<SendOutcome> {
  const keyed = input.idempotency && deps.idempotency ? { ...input.idempotency, store: deps.idempotency } : undefined;
  if (keyed) {
    const earlier = await keyed.store.get(aplicacaoId, keyed.key);
    if (earlier) return replayed(earlier, keyed.fingerprint);
  }
  let outcome: SendOutcome;
  try {
    outcome = await reserveAndSend(deps, aplicacaoId, input, keyed);
  } catch (error) {
    if (error !== keyTaken || !keyed) throw error;
    // A concurrent duplicate reserved the key first: its answer (or 409 while it is under way).
    const earlier = await keyed.store.get(aplicacaoId, keyed.key);
    if (!earlier) throw new DomainError('conflict', 'A send with this Idempotency-Key is being processed; retry in a few seconds');
    return replayed(earlier, keyed.fingerprint);
  }
  return outcome;
}

async function reserveAndSend(
  deps: SendDeps,
  aplicacaoId: number,
  input: SendInput,
  keyed: { key: string; fingerprint: string; store: SendIdempotency } | undefined,
): Promise<SendOutcome> {
  const now = deps.now ?? systemClock;
  const context = await deps.messages.loadSendContext(aplicacaoId);
  const app = context.application;
  if (!app || context.saldo === undefined) throw notFound('application');
  // An OAuth token issued before the application was deactivated, or a flow message queued before, sends nothing.
  if (app.ativo === false) throw new DomainError('forbidden', 'The application is inactive');
  const tariff = tariffFor(context.tariffs, aplicacaoId, MESSAGE_TARIFF.categoria, MESSAGE_TARIFF.subtipo, today(now()));
  if (!tariff) throw new DomainError('unprocessable', 'No tariff in force for MENSAGENS/ENVIADA');
  // Early refusal on the balance just read: nothing is written, no id is drawn.
  if (toCents(context.saldo) < toCents(tariff.valor)) throw insufficientBalance(context.saldo);

  const id = input.scheduled?.id ?? (await deps.messages.newId());
  const letGo = app.provider === 'link' ? await input.pace?.() : undefined;
  // `link` makes no provider call: its result is known before the debit, which then records the message as sent.
  const linkSend =
    app.provider === 'link'
      ? await deps.providerFor(app).send({ to: input.telefone, body: input.mensagem, statusCallbackUrl: input.statusCallbackUrl })
      : undefined;
  const message: Message = {
    id,
    aplicacaoId,
    provider: app.provider,
    messageSid: linkSend?.messageSid ?? null,
    toNumber: input.telefone,
    fromNumber: sendingNumber(app),
    body: input.mensagem,
    status: linkSend ? 'SENT' : 'QUEUED',
    statusRank: linkSend ? statusRanks.SENT : statusRanks.QUEUED,
    contexto: input.contexto ?? null,
    contextoId: input.contextoId ?? null,
    usuarioId: input.usuarioId ?? null,
    dataEnvio: localDateTime(letGo ?? now()),
    dataEntrega: null,
    dataLeitura: null,
    errorCode: null,
    errorMessage: null,
    lancamentoId: null,
    tarifaCobrada: tariff.valor,
    reconciliarEm: linkSend ? null : new Date(now().getTime() + RECONCILE_AFTER_MS).toISOString(),
    agendadoPara: input.scheduled?.agendadoPara ?? null,
    ...(input.campanhaId === undefined ? {} : { campanhaId: input.campanhaId, campanhaLinha: input.campanhaLinha }),
  };

  // A link's answer is known now; any other send's once the provider answers (until then the key is held as pending).
  const linkOutcome: SendOutcome | undefined = linkSend && {
    ok: true,
    mensagemId: id,
    messageSid: linkSend.messageSid,
    link: linkSend.link,
  };
  const reservation = keyed && {
    fingerprint: keyed.fingerprint,
    answer: linkOutcome ?? ({ pendente: true, mensagemId: id } as SendAnswer),
  };
  const settle = async (outcome: SendOutcome): Promise<SendOutcome> => {
    if (keyed) {
      try {
        await keyed.store.complete(aplicacaoId, keyed.key, { fingerprint: keyed.fingerprint, answer: outcome });
      } catch (error) {
        // The send is done and answered; a repeat of it gets a 409 until the record expires.
        log.error('the answer of a keyed send could not be stored', { error, mensagemId: id });
      }
    }
    return outcome;
  };

  // The reservation: the debit (402, nothing written, if the balance no longer covers it), then its entry with the
  // message (+ the Idempotency-Key and the caller's writes), all or nothing; refused, the debit is given back.
  const debit = await postEntry(
    deps.ledger,
    {
      aplicacaoId,
      tipo: 'DEBIT',
      valor: tariff.valor,
      descricao: messageDebitDescription(input.telefone),
      referenciaTipo: 'MENSAGEM_ENVIADA',
      referenciaId: id,
      tarifaCobrada: tariff.valor,
      cotacaoUsdBrl: context.cotacaoUsdBrl,
      tipoConversa: input.tipoConversa ?? null,
    },
    {
      allowZero: true,
      budgetMs: sendBudget.debitMs,
      now,
      increment: { totalMensagens: 1 },
      // A send whose function dies before its entry and message are written never reached the provider: given back.
      seOrfao: 'ESTORNAR',
      extras: (entry) => [
        ...deps.messages.queuedWrites({ ...message, lancamentoId: entry.id }, keyed?.key),
        ...(keyed && reservation ? [keyed.store.reserveWrite(aplicacaoId, keyed.key, reservation, keyTaken)] : []),
        ...(typeof input.writes === 'function' ? input.writes(id, tariff.valor) : (input.writes ?? [])),
      ],
    },
  );
  message.lancamentoId = debit.id;
  // A link calls nobody and gets no status callbacks: its message was written SENT with the debit.
  if (linkOutcome) return linkOutcome;

  let sent: SendResult;
  try {
    await input.pace?.();
    sent = await deps.providerFor(app).send({
      to: input.telefone,
      body: input.mensagem,
      statusCallbackUrl: input.statusCallbackUrl,
      template: input.template,
      reference: sendReference(aplicacaoId, id),
    });
  } catch (error) {
    // Anything but a ProviderError (a bug, a broken answer) is the provider's side as far as the caller goes.
    const failure = error instanceof ProviderError ? error : new ProviderError('unavailable', null, 'The provider call failed');
    if (!(error instanceof ProviderError)) log.error('provider call failed unexpectedly', { error });
    try {
      await compensate(deps, message, failure, deps.settleMs ?? sendBudget.settleMs);
    } catch (compensationError) {
      // The message stays QUEUED with its index entry: the reconciler gives the charge back.
      log.error('the compensation of a failed send is left to the reconciler', { error: compensationError, mensagemId: id });
    }
    return settle({
      ok: false,
      mensagemId: id,
      kind: failure.kind,
      providerCode: failure.providerCode,
      providerMessage: failure.providerMessage,
    });
  }
  await recordSent(deps, message, sent.messageSid);
  return settle({ ok: true, mensagemId: id, messageSid: sent.messageSid, ...(sent.link ? { link: sent.link } : {}) });
}

/**
 * The move to SENT after the provider accepted: retried within the settling budget, and never
 * followed by a refund. What is left (the table unreachable for seconds) is settled as SENT by the
 * provider's first status callback, which names the message by our reference.
 */
async function recordSent(deps: SendDeps, message: Message, messageSid: string): Promise<void> {
  const now = deps.now ?? systemClock;
  const deadline = now().getTime() + (deps.settleMs ?? sendBudget.settleMs);
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.messages.markSent(message, messageSid);
      return;
    } catch (error) {
      const wait = Math.min(500, 50 * 2 ** attempt);
      if (now().getTime() + wait >= deadline) {
        log.error('the move to SENT failed after the provider accepted; its status callback or the reconciler settles it', {
          error,
          mensagemId: message.id,
          messageSid,
        });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

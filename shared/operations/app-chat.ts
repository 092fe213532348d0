// The patient app's chat and push notifications (docs/app-chat.md): a patient's message from the app, recorded in
// the patient's attendance like a WhatsApp message (canal APP) and charged APP_CHAT; an operator's answer to such an
// attendance, recorded in the chat with its APP_CHAT charge in one commit and pushed; the push itself, only while
// the patient's NOTIFICACOES_PUSH consent is granted, each push sent charged APP_PUSH, a disabled endpoint removed.
import type { PushNotification, PushPort } from '#shared/adapters/ports';
import {
  APP_PROVIDER,
  CHAT_TARIFF,
  PUSH_TARIFF,
  answerNotification,
  chatDescriptions,
  pushDescription,
  type ChatMessage,
  type ChatStore,
  type DeviceStore,
} from '#shared/domain/app-chat';
import type { Application } from '#shared/domain/applications/records';
import type { Attendance } from '#shared/domain/attendances';
import type { ConsentRepository } from '#shared/domain/consents';
import { conflict, DomainError } from '#shared/domain/errors';
import { keyReused, replayOf, requestFingerprint, type IdempotencyRecord, type IdempotencyStore } from '#shared/domain/idempotency';
import { receivePatientMessage, type Inbox, type InboundMessageRecord } from '#shared/domain/inbound-messages';
import { chargeService, type LedgerRepository } from '#shared/domain/ledger';
import { toCents } from '#shared/domain/money';
import type { Patient } from '#shared/domain/patients';
import { sendTimeoutSeconds } from '#shared/domain/send-budget';
import { tariffFor, today, type TariffCatalogue } from '#shared/domain/tariffs';
import { systemClock, type Clock } from '#shared/domain/time';
import type { ConditionalWrite, UnitOfWork } from '#shared/domain/unit-of-work';
import { log } from '#shared/log';

interface ChargeDeps {
  ledger: LedgerRepository;
  tariffs: TariffCatalogue;
  now?: Clock;
}

/** The application's tariff in force for an APP service (its own over the global one); 0.00 when there is none. */
async function priceOf(deps: ChargeDeps, aplicacaoId: number, tariff: { categoria: string; subtipo: string }): Promise<string> {
  const found = tariffFor(await deps.tariffs.listAll(), aplicacaoId, tariff.categoria, tariff.subtipo, today((deps.now ?? systemClock)()));
  return found?.valor ?? '0.00';
}

// ---------------------------------------------------------------------------------------------
// Pushes

export interface PushDeps extends ChargeDeps {
  push: PushPort;
  devices: DeviceStore;
  consents: Pick<ConsentRepository, 'list'>;
  /** The application's balance (a push is sent only when it covers the push's charge). */
  saldo(aplicacaoId: number): Promise<string | undefined>;
}

export type PushOutcome = {
  enviadas: number;
  removidos: number;
  /** FALHA_PUSH: the push service failed (an answer's pushes only; logged). */
  motivo: null | 'SEM_CONSENTIMENTO' | 'SEM_DISPOSITIVO' | 'SALDO_INSUFICIENTE' | 'FALHA_PUSH';
};

/**
 * Pushes a notification to every device of the patient, only while its NOTIFICACOES_PUSH consent is granted (nothing
 * sent, nothing charged otherwise). Each push sent is one APP_PUSH entry at the application's tariff; no push is sent
 * that the balance does not cover. An endpoint the push service reports disabled is removed with its device.
 */
export async function pushToPatient(
  deps: PushDeps,
  aplicacaoId: number,
  pacienteId: number,
  notification: PushNotification,
): Promise<PushOutcome> {
  const [consents, devices] = await Promise.all([deps.consents.list(aplicacaoId, pacienteId), deps.devices.list(aplicacaoId, pacienteId)]);
  if (!consents.some((c) => c.tipo === 'NOTIFICACOES_PUSH' && c.concedido))
    return { enviadas: 0, removidos: 0, motivo: 'SEM_CONSENTIMENTO' };
  if (devices.length === 0) return { enviadas: 0, removidos: 0, motivo: 'SEM_DISPOSITIVO' };
  const valor = await priceOf(deps, aplicacaoId, PUSH_TARIFF);
  const cents = toCents(valor);
  let enviadas = 0;
  let removidos = 0;
  for (const device of devices) {
    if (cents > 0n && toCents((await deps.saldo(aplicacaoId)) ?? '0.00') < cents) {
      log.warn('push not sent: the balance does not cover it', { aplicacaoId });
      return { enviadas, removidos, motivo: 'SALDO_INSUFICIENTE' };
    }
    const result = await deps.push.send(device.endpoint, notification);
    if (result === 'disabled') {
      await deps.devices.remove(aplicacaoId, pacienteId, device.id);
      await deps.push.unregister(device.endpoint);
      removidos++;
      log.info('push endpoint disabled: device removed', { aplicacaoId, dispositivoId: device.id });
      continue;
    }
    enviadas++;
    if (cents === 0n) continue;
    try {
      await chargeService(
        aplicacaoId,
        { referenciaTipo: 'APP_PUSH', valor, descricao: pushDescription, referenciaId: device.id },
        deps.ledger,
        {
          ...(deps.now ? { now: deps.now } : {}),
        },
      );
    } catch (error) {
      // Spent between the check and the charge: the push went out; logged, not retried.
      if (!(error instanceof DomainError && error.kind === 'insufficient_balance')) throw error;
      log.warn('push sent but not charged: the balance was spent meanwhile', { aplicacaoId, dispositivoId: device.id });
    }
  }
  return { enviadas, removidos, motivo: null };
}

// ---------------------------------------------------------------------------------------------
// The chat

export interface ChatDeps extends ChargeDeps {
  inbox: Inbox;
  chat: ChatStore;
  newId(): Promise<number>;
  escalationWords: readonly string[];
  /** An app message as the inbox stored it, by its provider message id (a keyed message's repeat). */
  storedAppMessage(aplicacaoId: number, providerMessageId: string): Promise<InboundMessageRecord | undefined>;
}

/**
 * A patient's message typed in the app: stored like a WhatsApp message (inbound message with provider `app`, canal
 * APP) in the patient's open attendance (opened when there is none), with its chat item, in one unit of work; then
 * charged APP_CHAT once (the chat item's `lancamentoId`, set under a condition, commits with the entry). A balance
 * that does not cover it does not refuse the patient: the message is kept uncharged (valor 0.00) and logged.
 *
 * With the app's Idempotency-Key the key, per patient, is the message's provider id: a retry is the inbox's duplicate,
 * answered with the message first stored (charged then if the first request stopped before its charge); the same key
 * with another text is 422.
 */
export async function receiveAppMessage(deps: ChatDeps, patient: Patient, texto: string, key?: string): Promise<ChatMessage> {
  const id = await deps.newId();
  const providerMessageId = key === undefined ? String(id) : `${patient.id}:${key}`;
  const em = (deps.now ?? systemClock)().toISOString();
  let landed: ChatMessage | undefined;
  const reception = await receivePatientMessage(
    deps.inbox,
    {
      aplicacaoId: patient.aplicacaoId,
      provider: APP_PROVIDER,
      providerMessageId,
      from: patient.telefone,
      to: null,
      profileName: patient.nome,
      tipo: 'texto',
      texto,
      midias: [],
      recebidaEm: em,
      canal: 'APP',
    },
    deps.escalationWords,
    {
      id,
      extras: ({ atendimentoId }) => {
        landed = {
          id,
          aplicacaoId: patient.aplicacaoId,
          pacienteId: patient.id,
          direcao: 'ENTRADA',
          texto,
          em,
          atendimentoId,
          usuarioId: null,
          lancamentoId: null,
          valor: '0.00',
        };
        return [deps.chat.write(landed)];
      },
    },
  );
  if (reception.kind === 'duplicate' && key !== undefined) return repeatOf(deps, patient, providerMessageId, texto);
  if (reception.kind !== 'stored' || !landed) throw new Error(`app message ${id} was not stored`);
  return chargeOnce(deps, landed, await priceOf(deps, patient.aplicacaoId, CHAT_TARIFF));
}

/**
 * A keyed app message sent again: the message first stored under the key. Not charged yet, it is 409 while the first
 * request may still be charging it; after that request's time is up (it stopped between the two commits), this one
 * charges it.
 */
async function repeatOf(deps: ChatDeps, patient: Patient, providerMessageId: string, texto: string): Promise<ChatMessage> {
  const first = await deps.storedAppMessage(patient.aplicacaoId, providerMessageId);
  const message = first && (await deps.chat.byIds(patient.aplicacaoId, patient.id, [first.id])).get(first.id);
  if (!first || !message) throw new Error(`app message ${providerMessageId} is a duplicate with no message`);
  if (first.texto !== texto) {
    throw keyReused();
  }
  if (message.lancamentoId !== null) return message;
  const valor = await priceOf(deps, patient.aplicacaoId, CHAT_TARIFF);
  // Free at the application's tariff: nothing is left to do.
  if (toCents(valor) === 0n) return message;
  const age = (deps.now ?? systemClock)().getTime() - Date.parse(message.em);
  if (age <= sendTimeoutSeconds * 1000) {
    throw new DomainError('conflict', 'A message with this Idempotency-Key is still being processed; retry in a few seconds', {
      mensagemId: message.id,
    });
  }
  return chargeOnce(deps, message, valor);
}

/** The APP_CHAT charge of a patient's stored message at `valor`, once (its chat item's `lancamentoId` set under a condition). */
async function chargeOnce(deps: ChatDeps, message: ChatMessage, valor: string): Promise<ChatMessage> {
  const { aplicacaoId, id } = message;
  if (toCents(valor) === 0n) return message;
  try {
    let charged = message;
    await chargeService(
      aplicacaoId,
      { referenciaTipo: 'APP_CHAT', valor, descricao: chatDescriptions.ENTRADA, referenciaId: id },
      deps.ledger,
      {
        ...(deps.now ? { now: deps.now } : {}),
        extras: (e) => {
          charged = { ...message, lancamentoId: e.id, valor: e.valor };
          return [deps.chat.chargeWrite(message, e.id, e.valor)];
        },
      },
    );
    return charged;
  } catch (error) {
    if (!(error instanceof DomainError && error.kind === 'insufficient_balance')) throw error;
    log.warn('app chat message kept uncharged: the balance does not cover it', { aplicacaoId, mensagemId: id });
    return message;
  }
}

export interface AnswerDeps extends ChatDeps {
  unitOfWork: UnitOfWork;
  /** The answer's place in the attendance's conversation (pattern 30b, canal APP), committed with it. */
  conversationWrite(attendance: Attendance, mensagemId: number, em: string): ConditionalWrite<unknown>;
  pushes: PushDeps;
  /** The operator's Idempotency-Key records (pattern 23). */
  idempotency: IdempotencyStore;
}

/** An answer on the app's chat: the message as kept, and its pushes. */
export interface AppAnswer {
  mensagem: ChatMessage;
  push: PushOutcome;
}
/** What the key holds: the answer, or, until its pushes are done, the message it reserved. */
type KeptAnswer = AppAnswer | { pendente: true; mensagemId: number };

/** Refusal of the key's reservation when another request holds it (its answer is then read and replayed). */
const keyTaken = conflict('Idempotency-Key already used');

/** The first answer for a repeat with the same key: 422 for another answer, 409 while the first is under way. */
function replayed(record: IdempotencyRecord<KeptAnswer>, fingerprint: string): AppAnswer & { replay: true } {
  const answer = replayOf(record, fingerprint);
  if ('pendente' in answer) {
    throw new DomainError('conflict', 'An answer with this Idempotency-Key is still being processed; retry in a few seconds', {
      mensagemId: answer.mensagemId,
    });
  }
  return { ...answer, replay: true };
}

/**
 * An operator's answer to an attendance whose patient last wrote from the app: kept in the patient's chat and the
 * attendance's conversation with its APP_CHAT entry, in one commit (402 when the balance does not cover it, nothing
 * written), then pushed to the patient's devices (pushToPatient's rules). With an Idempotency-Key, the key is
 * reserved in that commit and holds the answer once pushed: a repeat gets it (`replay`), never a second message.
 */
export async function answerOnApp(
  deps: AnswerDeps,
  app: Pick<Application, 'id' | 'nome'>,
  attendance: Attendance,
  texto: string,
  usuarioId: number,
  key?: string,
): Promise<AppAnswer & { replay?: true }> {
  const keyed =
    key === undefined
      ? undefined
      : { scope: `CHAT#${attendance.aplicacaoId}`, key, fingerprint: requestFingerprint({ atendimentoId: attendance.id, texto }) };
  if (keyed) {
    const earlier = await deps.idempotency.get<KeptAnswer>(keyed.scope, keyed.key);
    if (earlier) return replayed(earlier, keyed.fingerprint);
  }
  const id = await deps.newId();
  const reserve = keyed
    ? [
        deps.idempotency.write<KeptAnswer, DomainError>(
          keyed.scope,
          keyed.key,
          { fingerprint: keyed.fingerprint, answer: { pendente: true, mensagemId: id } },
          undefined,
          keyTaken,
        ),
      ]
    : [];
  try {
    const answer = await keepAndPush(deps, app, attendance, { id, texto, usuarioId }, reserve);
    if (keyed) await deps.idempotency.complete(keyed.scope, keyed.key, { fingerprint: keyed.fingerprint, answer });
    return answer;
  } catch (error) {
    if (error !== keyTaken || !keyed) throw error;
    // A repeat that arrived at the same moment reserved the key first: its answer (or 409 while it is under way).
    const earlier = await deps.idempotency.get<KeptAnswer>(keyed.scope, keyed.key);
    if (!earlier) throw new DomainError('conflict', 'An answer with this Idempotency-Key is being processed; retry in a few seconds');
    return replayed(earlier, keyed.fingerprint);
  }
}

async function keepAndPush(
  deps: AnswerDeps,
  app: Pick<Application, 'id' | 'nome'>,
  attendance: Attendance,
  { id, texto, usuarioId }: { id: number; texto: string; usuarioId: number },
  reserve: readonly ConditionalWrite<DomainError>[],
): Promise<AppAnswer> {
  const em = (deps.now ?? systemClock)().toISOString();
  const base: ChatMessage = {
    id,
    aplicacaoId: attendance.aplicacaoId,
    pacienteId: attendance.pacienteId,
    direcao: 'SAIDA',
    texto,
    em,
    atendimentoId: attendance.id,
    usuarioId,
    lancamentoId: null,
    valor: '0.00',
  };
  let mensagem = base;
  const valor = await priceOf(deps, attendance.aplicacaoId, CHAT_TARIFF);
  if (toCents(valor) === 0n) {
    const outcome = await deps.unitOfWork.commit([deps.chat.write(base), deps.conversationWrite(attendance, id, em), ...reserve]);
    if (!outcome.committed) throw outcome.refusals.includes(keyTaken) ? keyTaken : outcome.error;
  } else {
    await chargeService(
      attendance.aplicacaoId,
      { referenciaTipo: 'APP_CHAT', valor, descricao: chatDescriptions.SAIDA, referenciaId: id },
      deps.ledger,
      {
        ...(deps.now ? { now: deps.now } : {}),
        extras: (e) => {
          mensagem = { ...base, lancamentoId: e.id, valor: e.valor };
          return [deps.chat.write(mensagem), deps.conversationWrite(attendance, id, em), ...reserve];
        },
      },
    );
  }
  let push: PushOutcome;
  try {
    push = await pushToPatient(deps.pushes, attendance.aplicacaoId, attendance.pacienteId, {
      ...answerNotification(app.nome),
      dados: { tipo: 'CHAT', mensagemId: String(id) },
    });
  } catch (error) {
    // The answer is kept (the patient reads it in the app's chat): a failed push is said, not the answer's failure.
    log.error('app answer kept, its push failed', { aplicacaoId: attendance.aplicacaoId, mensagemId: id, error });
    push = { enviadas: 0, removidos: 0, motivo: 'FALHA_PUSH' };
  }
  return { mensagem, push };
}

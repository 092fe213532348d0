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
import { DomainError } from '#shared/domain/errors';
import { receivePatientMessage, type Inbox } from '#shared/domain/inbound-messages';
import { chargeService, type LedgerRepository } from '#shared/domain/ledger';
import { toCents } from '#shared/domain/money';
import type { Patient } from '#shared/domain/patients';
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
  motivo: null | 'SEM_CONSENTIMENTO' | 'SEM_DISPOSITIVO' | 'SALDO_INSUFICIENTE';
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
}

/**
 * A patient's message typed in the app: stored like a WhatsApp message (inbound message with provider `app`, canal
 * APP) in the patient's open attendance (opened when there is none), with its chat item, in one unit of work; then
 * charged APP_CHAT once (the chat item's `lancamentoId`, set under a condition, commits with the entry). A balance
 * that does not cover it does not refuse the patient: the message is kept uncharged (valor 0.00) and logged.
 */
export async function receiveAppMessage(deps: ChatDeps, patient: Patient, texto: string): Promise<ChatMessage> {
  const id = await deps.newId();
  const em = (deps.now ?? systemClock)().toISOString();
  let landed: ChatMessage | undefined;
  const reception = await receivePatientMessage(
    deps.inbox,
    {
      aplicacaoId: patient.aplicacaoId,
      provider: APP_PROVIDER,
      providerMessageId: String(id),
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
  if (reception.kind !== 'stored' || !landed) throw new Error(`app message ${id} was not stored`);
  const message: ChatMessage = landed;
  const valor = await priceOf(deps, patient.aplicacaoId, CHAT_TARIFF);
  if (toCents(valor) === 0n) return message;
  try {
    let charged = message;
    await chargeService(
      patient.aplicacaoId,
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
    log.warn('app chat message kept uncharged: the balance does not cover it', { aplicacaoId: patient.aplicacaoId, mensagemId: id });
    return message;
  }
}

export interface AnswerDeps extends ChatDeps {
  unitOfWork: UnitOfWork;
  /** The answer's place in the attendance's conversation (pattern 30b, canal APP), committed with it. */
  conversationWrite(attendance: Attendance, mensagemId: number, em: string): ConditionalWrite<unknown>;
  pushes: PushDeps;
}

/**
 * An operator's answer to an attendance whose patient last wrote from the app: kept in the patient's chat and the
 * attendance's conversation with its APP_CHAT entry, in one commit (402 when the balance does not cover it, nothing
 * written), then pushed to the patient's devices (pushToPatient's rules).
 */
export async function answerOnApp(
  deps: AnswerDeps,
  app: Pick<Application, 'id' | 'nome'>,
  attendance: Attendance,
  texto: string,
  usuarioId: number,
): Promise<{ mensagem: ChatMessage; push: PushOutcome }> {
  const id = await deps.newId();
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
    const outcome = await deps.unitOfWork.commit([deps.chat.write(base), deps.conversationWrite(attendance, id, em)]);
    if (!outcome.committed) throw outcome.error;
  } else {
    await chargeService(
      attendance.aplicacaoId,
      { referenciaTipo: 'APP_CHAT', valor, descricao: chatDescriptions.SAIDA, referenciaId: id },
      deps.ledger,
      {
        ...(deps.now ? { now: deps.now } : {}),
        extras: (e) => {
          mensagem = { ...base, lancamentoId: e.id, valor: e.valor };
          return [deps.chat.write(mensagem), deps.conversationWrite(attendance, id, em)];
        },
      },
    );
  }
  const push = await pushToPatient(deps.pushes, attendance.aplicacaoId, attendance.pacienteId, {
    ...answerNotification(app.nome),
    dados: { tipo: 'CHAT', mensagemId: String(id) },
  });
  return { mensagem, push };
}

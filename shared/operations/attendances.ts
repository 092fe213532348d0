// What the v2 API (escalar, the two queues) and the admin panel (assumir, responder, encerrar, one
// attendance) do with attendances: read, decide (shared/domain/attendances.ts), commit conditioned on
// the status read, and read what the answer shows beside them (the patient's name, the sector, the
// conversation); the views are shared/http/views.ts's. Another application's attendance is the same 404 as an unknown one.
// Its DynamoDB dependencies are shared/wiring/attendances.ts's (the console's conversation reads, admin-whatsapp's own).
import type { ConversationRef } from '#shared/db/attendances';
import {
  decide,
  isOpen,
  type Action,
  type Attendance,
  type AttendanceRepository,
  type AttendanceStatus,
  STATUS_CHANGED,
} from '#shared/domain/attendances';
import type { InboundMessageRecord } from '#shared/domain/inbound-messages';
import type { ChatMessage } from '#shared/domain/app-chat';
import { statusDescricoes, type Message, type MessageStatus } from '#shared/domain/messages/records';
import { notFound } from '#shared/domain/errors';
import type { Sector, SectorRepository } from '#shared/domain/sectors';
import { localDateTime, systemClock, type Clock } from '#shared/domain/time';
import type { PageRequest } from '#shared/domain/paging';
import { elementsPageOf, pageOf } from '#shared/domain/paging';

export interface AttendanceDeps {
  attendances: AttendanceRepository;
  sectors: Pick<SectorRepository, 'get' | 'list'>;
  /** The patients' names (a BatchGet), by id: null for a patient without one. */
  patientNames(aplicacaoId: number, pacienteIds: readonly number[]): Promise<Map<number, string | null>>;
  /** When a move happens; the system's clock unless a test pins it. */
  now?: Clock;
}

/** What the console's view of one attendance reads beside it: its conversation, and the patient's open attendance. */
export interface ConversationDeps {
  /** The patient's open attendance, by phone (one per patient). */
  openAttendanceId(aplicacaoId: number, telefone: string): Promise<number | undefined>;
  /** Where an attendance's conversation's messages are (pattern 30b), oldest first. */
  conversationRefs(aplicacaoId: number, atendimentoId: number): Promise<ConversationRef[]>;
  /** The patient's messages of a conversation, by id. */
  inboundMessagesByKeys(
    aplicacaoId: number,
    refs: readonly { provider: string; providerMessageId: string }[],
  ): Promise<Map<number, InboundMessageRecord>>;
  /** The attendants' answers of a conversation, by id. */
  messagesByIds(aplicacaoId: number, ids: readonly number[]): Promise<Map<number, Message>>;
  /** The answers that went to the patient app's chat (pattern 50), by id. */
  chatMessagesByIds(aplicacaoId: number, pacienteId: number, ids: readonly number[]): Promise<Map<number, ChatMessage>>;
}

/** An attendance with what its view shows beside it: its patient's name (when read) and its sector. */
export interface AttendanceWithNames {
  attendance: Attendance;
  nome: string | null | undefined;
  setor: Sector | undefined;
}

export async function findAttendance(deps: AttendanceDeps, aplicacaoId: number, id: number): Promise<Attendance> {
  const attendance = await deps.attendances.get(aplicacaoId, id);
  if (!attendance) throw notFound('attendance');
  return attendance;
}

const MAX_ATTEMPTS = 5;

/** Applies an action: the attendance as it is after it (unchanged when it already was there). Conflicts throw. */
export async function actOn(deps: AttendanceDeps, aplicacaoId: number, id: number, action: Action): Promise<Attendance> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await findAttendance(deps, aplicacaoId, id);
    const decision = decide(current, action, (deps.now ?? systemClock)().toISOString());
    if (decision.kind === 'unchanged') return current;
    const outcome = await deps.attendances.move(current, decision.next);
    if (outcome.committed) return decision.next;
    // Moved meanwhile (a patient's message escalated it, another attendant took it): decide again on what it is now.
    if (!outcome.refusals.includes(STATUS_CHANGED) && !outcome.raced) throw outcome.error;
  }
  throw new Error(`attendance ${id} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

/** One attendance with its patient's name and its sector, as the API shows it. */
export async function attendanceWithNames(deps: AttendanceDeps, a: Attendance): Promise<AttendanceWithNames> {
  const [names, setor] = await Promise.all([deps.patientNames(a.aplicacaoId, [a.pacienteId]), deps.sectors.get(a.aplicacaoId, a.setorId)]);
  return { attendance: a, nome: names.get(a.pacienteId), setor };
}

/** WhatsApp's customer-service window: free-form answers are allowed for 24 hours after the patient's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * When the patient last wrote to the application: an open attendance holds the patient's messages (one open
 * attendance per patient), so its own last one; for a closed attendance, that of the patient's open one if
 * the patient wrote again since, else its own.
 */
async function lastPatientMessageAt(deps: AttendanceDeps & ConversationDeps, a: Attendance): Promise<string | null> {
  if (isOpen(a)) return a.ultimaMensagemEm ?? null;
  const openId = await deps.openAttendanceId(a.aplicacaoId, a.telefone);
  const current = openId !== undefined && openId !== a.id ? await deps.attendances.get(a.aplicacaoId, openId) : undefined;
  return current?.ultimaMensagemEm ?? a.ultimaMensagemEm ?? null;
}

/** One message of a conversation as the API shows it. */
export interface ConversationMessage {
  id: number;
  direcao: 'ENTRADA' | 'SAIDA';
  em: string;
  texto: string | null;
  tipoMensagem: 'texto' | 'botao' | 'midia' | 'outro';
  midias: { ref: string; contentType: string | null }[];
  status: MessageStatus | null;
  statusDescricao: string | null;
  usuarioId: number | null;
  errorCode: string | null;
  errorMessage: string | null;
  canal: 'WHATSAPP' | 'APP';
}

/** An attendance's conversation (pattern 30b), oldest first: the patient's messages and the attendants' answers with their status. */
export async function conversationOf(deps: Omit<ConversationDeps, 'openAttendanceId'>, a: Attendance): Promise<ConversationMessage[]> {
  const refs = await deps.conversationRefs(a.aplicacaoId, a.id);
  const answersOn = (canal: 'WHATSAPP' | 'APP') => refs.flatMap((r) => (r.direcao === 'SAIDA' && r.canal === canal ? [r.mensagemId] : []));
  const appAnswers = answersOn('APP');
  const [received, answers, chat] = await Promise.all([
    deps.inboundMessagesByKeys(
      a.aplicacaoId,
      refs.flatMap((r) => (r.direcao === 'ENTRADA' ? [r] : [])),
    ),
    deps.messagesByIds(a.aplicacaoId, answersOn('WHATSAPP')),
    appAnswers.length > 0 ? deps.chatMessagesByIds(a.aplicacaoId, a.pacienteId, appAnswers) : new Map<number, ChatMessage>(),
  ]);
  return refs.flatMap((r): ConversationMessage[] => {
    if (r.direcao === 'ENTRADA') {
      const m = received.get(r.mensagemId);
      if (!m) return [];
      return [
        {
          id: m.id,
          direcao: 'ENTRADA',
          em: localDateTime(new Date(m.recebidaEm)),
          texto: m.texto,
          tipoMensagem: m.tipoMensagem,
          midias: m.midias,
          status: null,
          statusDescricao: null,
          usuarioId: null,
          errorCode: null,
          errorMessage: null,
          canal: m.canal,
        },
      ];
    }
    if (r.canal === 'APP') {
      const c = chat.get(r.mensagemId);
      if (!c) return [];
      return [
        {
          id: c.id,
          direcao: 'SAIDA',
          em: localDateTime(new Date(c.em)),
          texto: c.texto,
          tipoMensagem: 'texto',
          midias: [],
          status: null,
          statusDescricao: null,
          usuarioId: c.usuarioId,
          errorCode: null,
          errorMessage: null,
          canal: 'APP',
        },
      ];
    }
    const m = answers.get(r.mensagemId);
    if (!m) return [];
    return [
      {
        id: m.id,
        direcao: 'SAIDA',
        em: m.dataEnvio,
        texto: m.body,
        tipoMensagem: 'texto',
        midias: [],
        status: m.status,
        statusDescricao: statusDescricoes[m.status],
        usuarioId: m.usuarioId,
        errorCode: m.errorCode,
        errorMessage: m.errorMessage,
        canal: 'WHATSAPP',
      },
    ];
  });
}

/** One attendance as the console opens it: the attendance, its whole conversation, and when the patient's 24-hour window closes. */
export interface AttendanceDetail extends AttendanceWithNames {
  conversa: ConversationMessage[];
  janelaAtendimentoFechaEm: string | null;
}

export async function attendanceDetail(deps: AttendanceDeps & ConversationDeps, a: Attendance): Promise<AttendanceDetail> {
  const [row, conversa, last] = await Promise.all([attendanceWithNames(deps, a), conversationOf(deps, a), lastPatientMessageAt(deps, a)]);
  return {
    ...row,
    conversa,
    janelaAtendimentoFechaEm: last ? localDateTime(new Date(Date.parse(last) + SERVICE_WINDOW_MS)) : null,
  };
}

/** The admin panel's inbox: a page of one open status's attendances (of one sector, when given), oldest first. */
export async function attendanceInbox(
  deps: AttendanceDeps,
  aplicacaoId: number,
  status: AttendanceStatus,
  setorId: number | undefined,
  paging: PageRequest,
) {
  const { content, total } = await deps.attendances.page(aplicacaoId, status, paging.page, paging.size, setorId);
  return elementsPageOf(await withNames(deps, aplicacaoId, content), total, paging);
}

/** The attendances of a page with their patients' names (one BatchGet) and sectors (one Query). */
async function withNames(deps: AttendanceDeps, aplicacaoId: number, content: Attendance[]): Promise<AttendanceWithNames[]> {
  const [names, list] = await Promise.all([
    deps.patientNames(
      aplicacaoId,
      content.map((a) => a.pacienteId),
    ),
    content.length > 0 ? deps.sectors.list(aplicacaoId) : [],
  ]);
  const byId = new Map(list.map((s) => [s.id, s]));
  return content.map((a) => ({ attendance: a, nome: names.get(a.pacienteId), setor: byId.get(a.setorId) }));
}

/** A page of one status's attendances, oldest first, in the v2 paged shape. */
export async function attendanceQueue(deps: AttendanceDeps, aplicacaoId: number, status: AttendanceStatus, paging: PageRequest) {
  const { content, total } = await deps.attendances.page(aplicacaoId, status, paging.page, paging.size);
  return pageOf(await withNames(deps, aplicacaoId, content), total, paging);
}

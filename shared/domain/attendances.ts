// Attendances (atendimentos): a patient's conversation with an application, in the shape Chatwoot made
// familiar. A patient's first message opens one in BOT (automated handling); asking for a human (or the
// API's `escalar`) puts it in its sector's queue (FILA); an attendant takes it (EM_ANDAMENTO) and closes
// it (ENCERRADO). States only move forward; the patient's next message after the close opens a new
// attendance. One open attendance per patient per application (docs/data-model.md, pattern 30a).
import { conflict } from '#shared/domain/errors';
import type { CommitOutcome } from '#shared/domain/unit-of-work';
import type { Channel } from '#shared/domain/app-chat';

export const attendanceStatuses = ['BOT', 'FILA', 'EM_ANDAMENTO', 'ENCERRADO'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

/** Who moved an attendance: the patient (a message), the v2 API, or a portal user (its id). */
export type Actor = 'paciente' | 'api' | { usuarioId: number };

export interface HistoryEntry {
  de: AttendanceStatus | null;
  para: AttendanceStatus;
  /** ISO instant. */
  em: string;
  /** `ia`: the application's AI assistant handed the patient to a person (docs/ai.md), for `motivo`. */
  por: 'paciente' | 'api' | 'usuario' | 'ia';
  usuarioId?: number;
  motivo?: string;
}

export interface Attendance {
  id: number;
  aplicacaoId: number;
  pacienteId: number;
  /** The patient's phone (E.164): where the attendant's answers go. */
  telefone: string;
  setorId: number;
  status: AttendanceStatus;
  /** ISO instants. */
  criadoEm: string;
  filaDesde: string | null;
  assumidoEm: string | null;
  encerradoEm: string | null;
  ultimaMensagemEm: string;
  /** The portal user who took it. */
  atendenteId: number | null;
  /** The patient's messages in this attendance. */
  mensagens: number;
  historico: HistoryEntry[];
  /** The channel of the patient's last message: where an attendant's answer goes (the app's chat, or WhatsApp). */
  canal: Channel;
}

export const isOpen = (a: Pick<Attendance, 'status'>): boolean => a.status !== 'ENCERRADO';

/** When the attendance entered its current status: the order of the status lists (oldest first). */
export function since(a: Attendance): string {
  switch (a.status) {
    case 'BOT':
      return a.criadoEm;
    case 'FILA':
      return a.filaDesde ?? a.criadoEm;
    case 'EM_ANDAMENTO':
      return a.assumidoEm ?? a.criadoEm;
    case 'ENCERRADO':
      return a.encerradoEm ?? a.criadoEm;
  }
}

const entry = (de: AttendanceStatus | null, para: AttendanceStatus, em: string, by: Actor): HistoryEntry =>
  typeof by === 'string' ? { de, para, em, por: by } : { de, para, em, por: 'usuario', usuarioId: by.usuarioId };

/** A new attendance for a patient's first message since the last one closed (FILA at once when it asks for a human). */
export function openAttendance(input: {
  id: number;
  aplicacaoId: number;
  pacienteId: number;
  telefone: string;
  setorId: number;
  at: string;
  asksForHuman: boolean;
  canal?: Channel;
}): Attendance {
  const status: AttendanceStatus = input.asksForHuman ? 'FILA' : 'BOT';
  return {
    id: input.id,
    aplicacaoId: input.aplicacaoId,
    pacienteId: input.pacienteId,
    telefone: input.telefone,
    setorId: input.setorId,
    status,
    criadoEm: input.at,
    filaDesde: input.asksForHuman ? input.at : null,
    assumidoEm: null,
    encerradoEm: null,
    ultimaMensagemEm: input.at,
    atendenteId: null,
    mensagens: 1,
    historico: [entry(null, 'BOT', input.at, 'paciente'), ...(input.asksForHuman ? [entry('BOT', 'FILA', input.at, 'paciente')] : [])],
    canal: input.canal ?? 'WHATSAPP',
  };
}

export type Action =
  { kind: 'escalar'; by: 'paciente' | 'api' } | { kind: 'assumir'; usuarioId: number } | { kind: 'encerrar'; usuarioId: number };

/** What an action does to an attendance: nothing (it is already there), or its next state. Impossible moves are conflicts. */
export type Decision = { kind: 'unchanged' } | { kind: 'move'; next: Attendance };

export function decide(a: Attendance, action: Action, at: string): Decision {
  const move = (status: AttendanceStatus, by: Actor, changes: Partial<Attendance>): Decision => ({
    kind: 'move',
    next: { ...a, ...changes, status, historico: [...a.historico, entry(a.status, status, at, by)] },
  });
  switch (action.kind) {
    case 'escalar':
      if (a.status === 'ENCERRADO') throw conflict('The attendance is closed');
      if (a.status !== 'BOT') return { kind: 'unchanged' }; // already with the humans
      return move('FILA', action.by, { filaDesde: at });
    case 'assumir':
      if (a.status === 'ENCERRADO') throw conflict('The attendance is closed');
      if (a.status === 'EM_ANDAMENTO') {
        if (a.atendenteId === action.usuarioId) return { kind: 'unchanged' };
        throw conflict('Another attendant has taken this attendance');
      }
      return move('EM_ANDAMENTO', { usuarioId: action.usuarioId }, { assumidoEm: at, atendenteId: action.usuarioId });
    case 'encerrar':
      if (a.status === 'ENCERRADO') return { kind: 'unchanged' };
      return move('ENCERRADO', { usuarioId: action.usuarioId }, { encerradoEm: at });
  }
}

/** An attendant may answer only an attendance a human has taken. */
export function checkCanAnswer(a: Attendance): void {
  if (a.status === 'ENCERRADO') throw conflict('The attendance is closed');
  if (a.status !== 'EM_ANDAMENTO') throw conflict('Take the attendance (assumir) before answering it');
}

export const DEFAULT_ESCALATION_WORDS = ['atendente', 'humano', 'pessoa', 'falar com alguem'];

/** Lower case, no accents, punctuation as spaces: "Quero um ATENDENTE!" -> "quero um atendente". */
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The escalation word list from its configured form ("atendente,humano"); the default when unset or empty. */
export function escalationWords(raw: string | undefined): string[] {
  const words = (raw ?? '')
    .split(',')
    .map(fold)
    .filter((w) => w.length > 0);
  return words.length > 0 ? words : DEFAULT_ESCALATION_WORDS.map(fold);
}

/** Whether a patient's text asks for a human: one of the words (or phrases) as whole words, in any case, with or without accents. */
export function asksForHuman(text: string | null, words: readonly string[]): boolean {
  if (!text) return false;
  const padded = ` ${fold(text)} `;
  return words.some((w) => padded.includes(` ${w} `));
}

/** What a move's own write refuses with when the attendance left the status it was read in. */
export const STATUS_CHANGED = 'status-changed';

/** Persistence of attendances (shared/db/attendances.ts). */
export interface AttendanceRepository {
  get(aplicacaoId: number, id: number): Promise<Attendance | undefined>;
  /** Commits `after` if the attendance is still in `before`'s status (else refused with STATUS_CHANGED). */
  move(before: Attendance, after: Attendance): Promise<CommitOutcome<typeof STATUS_CHANGED>>;
  /** A page of the attendances in one status (of one sector, when given), oldest first, and how many there are. */
  page(
    aplicacaoId: number,
    status: AttendanceStatus,
    page: number,
    size: number,
    setorId?: number,
  ): Promise<{ content: Attendance[]; total: number }>;
}

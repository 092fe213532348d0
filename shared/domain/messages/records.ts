// Messages: the record (its statuses, their ranks and words, its contexts and status timeline), the
// list filters and counters, and our reference of a message that the provider carries back.
import type { Provider } from '#shared/domain/applications/records';

/** The spec's message states: a message handed to the send, from its debit on (what the overview counts). */
export const sendStatuses = ['QUEUED', 'SENT', 'DELIVERED', 'READ', 'FAILED', 'UNDELIVERED'] as const;
export type SendStatus = (typeof sendStatuses)[number];

/**
 * Beside the spec's states, a scheduled send's (#35): SCHEDULED until its time (nothing charged yet), then sent
 * (QUEUED or SENT, as any send), FAILED when it could not be (its balance short then), or CANCELED before it.
 */
export const scheduleStatuses = ['SCHEDULED', 'CANCELED'] as const;

/** Every status a message record may hold (the list filters and the views take them all). */
export const messageStatuses = [...sendStatuses, ...scheduleStatuses] as const;
export type MessageStatus = (typeof messageStatuses)[number];

/**
 * A status may only be replaced by one of a higher rank (callbacks arrive out of order). SCHEDULED is below
 * every other; CANCELED above every other: no callback can name a message never sent, and none ever moves it.
 */
export const statusRanks: Record<MessageStatus, number> = {
  SCHEDULED: 0,
  QUEUED: 1,
  SENT: 2,
  DELIVERED: 3,
  UNDELIVERED: 3,
  FAILED: 3,
  READ: 4,
  CANCELED: 5,
};

export const statusDescricoes: Record<MessageStatus, string> = {
  QUEUED: 'Na fila',
  SENT: 'Enviada',
  DELIVERED: 'Entregue',
  READ: 'Lida',
  FAILED: 'Falhou',
  UNDELIVERED: 'Não entregue',
  SCHEDULED: 'Agendada',
  CANCELED: 'Cancelada',
};

export const contextos = ['RESERVA', 'PAGAMENTO', 'SUPORTE', 'LEMBRETE', 'CAMPANHA', 'TESTE', 'AGENDAMENTO_SAUDE'] as const;
export type Contexto = (typeof contextos)[number];

export interface Message {
  id: number;
  aplicacaoId: number;
  provider: Provider;
  messageSid: string | null;
  toNumber: string;
  fromNumber: string | null;
  body: string;
  status: MessageStatus;
  statusRank: number;
  contexto: Contexto | null;
  contextoId: number | null;
  usuarioId: number | null;
  /** When it was sent (service local time); while SCHEDULED, when it is to be: its `agendadoPara`. */
  dataEnvio: string;
  dataEntrega: string | null;
  dataLeitura: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  /** The statement entry that charged it. */
  lancamentoId: number | null;
  tarifaCobrada: string | null;
  /** While QUEUED: when the reconciler settles it if nothing else has (its index entry's sort key). */
  reconciliarEm: string | null;
  /** A scheduled send's time (service local time, as asked for); null for a message sent at once. */
  agendadoPara: string | null;
  /** While SCHEDULED: where provider_a is to post its statuses once it is sent (the scheduling request's). */
  statusCallbackUrl?: string;
  /** Its status timeline as stored (absent on messages from before it was recorded, and on a new message). */
  historico?: TimelineStep[];
  /** The campaign that sent it (#36): its delivered and read counts follow this message's status callbacks. */
  campanhaId?: number;
  /** Its recipient's line in that campaign: a failure the provider reports later moves that recipient to FALHA. */
  campanhaLinha?: number;
}

/** A scheduled message the due index (pattern 35a) says is due for its send. */
export interface DueSend {
  aplicacaoId: number;
  mensagemId: number;
  /** Its time, an ISO instant (the entry's sort key). */
  dueAt: string;
}

/** A message the reconciler's index (pattern 35) says is due. */
export interface PendingSend {
  aplicacaoId: number;
  mensagemId: number;
  reconciliarEm: string;
  /** The send's Idempotency-Key, when it had one: the reconciler stores the final answer under it. */
  idempotencyKey?: string;
}

export interface MessageFilters {
  status?: MessageStatus;
  contexto?: string;
  /** The recipient, +E.164 (`toNumber`). */
  telefone?: string;
  /** First and last send day (YYYY-MM-DD, service time zone), both included. */
  de?: string;
  ate?: string;
}

/** One step of a message's status timeline (`historico`), appended by the move that makes it. */
export interface TimelineStep {
  status: MessageStatus;
  /** When the move was written (the provider's time for DELIVERED and READ), service local time. */
  em: string;
  errorCode?: string | null;
  errorMessage?: string | null;
}

/**
 * Whether a counter (`n_<STATUS>_<CONTEXTO or SEM>`, patterns 17d and 17e) counts messages the status and
 * context filters match. `SEM` is the counter of messages without a context: no context filter names it.
 */
export function counterMatches(name: string, filters: Pick<MessageFilters, 'status' | 'contexto'>): boolean {
  if (!name.startsWith('n_')) return false;
  const cut = name.indexOf('_', 2);
  const [status, contexto] = [name.slice(2, cut), name.slice(cut + 1)];
  if (filters.status && status !== filters.status) return false;
  if (filters.contexto && (contexto === 'SEM' || contexto !== filters.contexto)) return false;
  return true;
}

/** The status a counter counts (`n_READ_LEMBRETE` -> READ). */
export const counterStatus = (name: string): MessageStatus => name.slice(2, name.indexOf('_', 2)) as MessageStatus;

/** Our reference of a message, given to the provider with the send and carried back by its status callbacks. */
export const sendReference = (aplicacaoId: number, mensagemId: number): string => `${aplicacaoId}.${mensagemId}`;

export function parseSendReference(text: string | undefined | null): { aplicacaoId: number; mensagemId: number } | undefined {
  const match = /^(\d{1,15})\.(\d{1,16})$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const [aplicacaoId, mensagemId] = [Number(match[1]), Number(match[2])];
  return Number.isSafeInteger(aplicacaoId) && Number.isSafeInteger(mensagemId) ? { aplicacaoId, mensagemId } : undefined;
}

/** What a send came to: the provider's id, or its refusal or absence (nothing charged then). */
export type SendOutcome = (
  | { ok: true; mensagemId: number; messageSid: string; link?: string }
  | { ok: false; mensagemId: number; kind: 'rejected' | 'unavailable'; providerCode: string | null; providerMessage: string }
) & {
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replay?: true;
};

/** What a scheduled send came to (#35): its message is SCHEDULED for `agendadoPara`; nothing is charged until it is sent. */
export interface ScheduledOutcome {
  agendado: true;
  mensagemId: number;
  agendadoPara: string;
  /** The stored answer of an earlier request with the same Idempotency-Key. */
  replay?: true;
}

/** What is stored under a send's Idempotency-Key: its outcome (a scheduled one's too), or that the provider call is still under way. */
export type SendAnswer = SendOutcome | Omit<ScheduledOutcome, 'replay'> | { pendente: true; mensagemId: number };

// Appointments: the record as it is stored and read, with the history of its moves.
import type { ActorKind, AppointmentStatus } from '#shared/domain/appointments/state-machine';

/** One move in an appointment's history (creation included: `de` null). */
export interface HistoryEntry {
  de: AppointmentStatus | null;
  para: AppointmentStatus;
  /** Local date-time without zone, the spec's timestamp form. */
  em: string;
  /**
   * Who: the OAuth client id (cliente), the provider credential id (prestador), the inbound message id (paciente),
   * the flow step's run id or null (fluxo), the portal user id (operador, and `nome`: the user's name at the move).
   */
  por: { tipo: ActorKind; id: string | number | null; nome?: string | null };
  /** PATCH's `observacao` (the cancellation reason), /execucao's `observacao`, a flow's error text, an operator's `motivo`. */
  observacao: string | null;
  /** The message the move sent to the patient (the flow's notification or reminder, written with its debit); absent for others. */
  mensagemId?: number;
}

/** The optional text fields of the spec's appointment; null when not given. */
export const appointmentTextFields = [
  'pacienteNome',
  'pacienteCpf',
  'prestador',
  'numeroPedido',
  'dataLimiteRetirada',
  'localRetirada',
  'observacoes',
  'medicoSolicitante',
] as const;
type OptionalFields = { [K in (typeof appointmentTextFields)[number]]: string | null };

export interface Appointment extends OptionalFields {
  /** From the service-wide id sequence (below 2^53). */
  id: number;
  aplicacaoId: number;
  /**
   * The provider (prestador) whose /execucao and webhooks the appointment belongs to; null when the
   * create named none the application knows. The free-text `prestador` field is kept as sent.
   */
  prestadorId: number | null;
  /** +E.164 */
  pacienteTelefone: string;
  procedimento: string;
  status: AppointmentStatus;
  criadoEm: string;
  atualizadoEm: string;
  /** Oldest first; its length is also the sequence number of the next entry. */
  historico: HistoryEntry[];
  /** When the communication flow looks at it next (ISO instant, pattern 34), and for what; null when nothing timed is left. */
  vencimento: string | null;
  passo: FlowDue | null;
  /** What the flow is waiting for, in words (no balance, no template), or null. */
  pendencia: string | null;
}

/** What the flow does when an appointment falls due: process it (validate, notify), send the reminder, or give up waiting for a reply. */
export type FlowDue = 'processar' | 'lembrete' | 'sem_resposta';

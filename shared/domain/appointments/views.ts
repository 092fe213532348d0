// Appointments: the spec's JSON of an appointment, a page of them and the answer of POST /execucao.
import { pageOf } from '#shared/domain/paging';
import type { Appointment, HistoryEntry } from '#shared/domain/appointments/records';
import type { ExecutionResult } from '#shared/domain/appointments/state-machine';

/** One move as the spec shows it: who by kind and id, without the operator's name or the message it sent (the console's own view has them). */
export type HistoryEntryView = Omit<HistoryEntry, 'por' | 'mensagemId'> & { por: Omit<HistoryEntry['por'], 'nome'> };

/** The spec's appointment JSON: its fields (null when not given), the numeric id, status, dates, history and what the flow waits for. */
export type AppointmentView = Omit<Appointment, 'aplicacaoId' | 'prestadorId' | 'vencimento' | 'passo' | 'historico'> & {
  historico: HistoryEntryView[];
};

/**
 * The appointment as the v2 API and the console's board answer it, and the payload of the outbound events
 * (./events.ts): the one view of an appointment. The handlers' answers check it against the contract's
 * `Appointment` schema (shared/http/kit.ts), field by field.
 */
export function appointmentView(a: Appointment): AppointmentView {
  return {
    id: a.id,
    pacienteTelefone: a.pacienteTelefone,
    procedimento: a.procedimento,
    pacienteNome: a.pacienteNome,
    pacienteCpf: a.pacienteCpf,
    prestador: a.prestador,
    numeroPedido: a.numeroPedido,
    dataLimiteRetirada: a.dataLimiteRetirada,
    localRetirada: a.localRetirada,
    observacoes: a.observacoes,
    medicoSolicitante: a.medicoSolicitante,
    status: a.status,
    criadoEm: a.criadoEm,
    atualizadoEm: a.atualizadoEm,
    historico: a.historico.map((h) => ({
      de: h.de,
      para: h.para,
      em: h.em,
      por: { tipo: h.por.tipo, id: h.por.id },
      observacao: h.observacao,
    })),
    pendencia: a.pendencia ?? null,
  };
}

/** The v2 appointments page: `{content, total, page, size, totalPages}`. */
export interface AppointmentPage {
  content: AppointmentView[];
  total: number;
  page: number;
  size: number;
  totalPages: number;
}

export const appointmentPage = (content: readonly Appointment[], total: number, paging: { page: number; size: number }): AppointmentPage =>
  pageOf(content.map(appointmentView), total, paging);

/** The spec's "Provider execution result", the answer of POST /execucao (`replay` for a repeated Idempotency-Key). */
export interface ExecutionResultView {
  status: 'ok' | 'replay';
  agendamentoId: number;
  resultado: ExecutionResult;
}

export const executionResultView = (agendamentoId: number, resultado: ExecutionResult, replay = false): ExecutionResultView => ({
  status: replay ? 'replay' : 'ok',
  agendamentoId,
  resultado,
});

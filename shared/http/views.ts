// The views several endpoint groups answer with: a record turned into the JSON of a route's answer, typed from
// the schema the contract documents for it (shared/http/contract/resources.ts, `z.output<...>`), so a view that
// drifts from the contract is a compile error. The schemas are imported as types only: no contract enters a
// Lambda bundle (docs/decisions.md; eslint.config.js refuses a value import). A view one group alone answers
// with is in that group's slice (functions/<group>/). The appointment's one view is the domain's
// (shared/domain/appointments/views.ts): it is also the payload of the outbound events. Every answer is checked
// against its route's contract where it is answered (shared/http/kit.ts, `groupHandler<typeof xContract>`).
import type * as z from 'zod/mini';
import type { attendance, externalMessage } from '#shared/http/contract/resources';
import { statusDescricoes, type Message } from '#shared/domain/messages/records';
import { localDateTime } from '#shared/domain/time';
import type { AttendanceWithNames } from '#shared/operations/attendances';

// ---------------------------------------------------------------------------------------------
// Messages (the external routes and the admin console's Mensagens)

export type MessageAnswer = z.output<typeof externalMessage>;

/** The spec's Message, plus what the API knows of it (context, provider, charge). */
export const messageView = (m: Message): MessageAnswer => ({
  id: m.id,
  messageSid: m.messageSid,
  toNumber: m.toNumber,
  fromNumber: m.fromNumber,
  body: m.body,
  status: m.status,
  statusDescricao: statusDescricoes[m.status],
  dataEnvio: m.dataEnvio,
  dataEntrega: m.dataEntrega,
  dataLeitura: m.dataLeitura,
  errorCode: m.errorCode,
  errorMessage: m.errorMessage,
  provider: m.provider,
  contexto: m.contexto,
  contextoId: m.contextoId,
  usuarioId: m.usuarioId,
  tarifaCobrada: m.tarifaCobrada,
  agendadoPara: m.agendadoPara,
});

// ---------------------------------------------------------------------------------------------
// Attendances (the v2 queues and escalation, the admin panel)

export type AttendanceAnswer = z.output<typeof attendance>;

const local = (iso: string | null) => (iso ? localDateTime(new Date(iso)) : null);

/** The attendance on the wire; `nome` is its patient's name when read. Waiting time only while in the queue. */
export function attendanceView({ attendance: a, nome, setor }: AttendanceWithNames, now = new Date()): AttendanceAnswer {
  return {
    id: a.id,
    status: a.status,
    paciente: { id: a.pacienteId, nome: nome ?? null, telefone: a.telefone },
    setor: { id: a.setorId, codigo: setor?.codigo ?? null, nome: setor?.nome ?? null },
    atendenteId: a.atendenteId,
    mensagens: a.mensagens,
    criadoEm: localDateTime(new Date(a.criadoEm)),
    filaDesde: local(a.filaDesde),
    assumidoEm: local(a.assumidoEm),
    encerradoEm: local(a.encerradoEm),
    ultimaMensagemEm: localDateTime(new Date(a.ultimaMensagemEm)),
    esperaSegundos: a.status === 'FILA' && a.filaDesde ? Math.max(0, Math.floor((now.getTime() - Date.parse(a.filaDesde)) / 1000)) : null,
    canal: a.canal,
  };
}

/** A page of attendances (either paged shape): each one's waiting time counted to the same instant. */
export function attendancePageView<P extends { content: AttendanceWithNames[] }>(
  page: P,
): Omit<P, 'content'> & { content: AttendanceAnswer[] } {
  const now = new Date();
  return { ...page, content: page.content.map((row) => attendanceView(row, now)) };
}

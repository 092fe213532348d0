// What the v2 API (escalar, the two queues) and the admin panel (assumir, responder, encerrar, one
// attendance) do with attendances: read, decide (shared/domain/attendances.ts), commit conditioned on
// the status read, and render. Another application's attendance is the same 404 as an unknown one.
import { dynamoAttendanceRepository, patientNames, STATUS_CHANGED } from '#shared/db/attendances';
import { dynamoSectorRepository } from '#shared/db/sectors';
import { decide, type Action, type Attendance, type AttendanceStatus } from '#shared/domain/attendances';
import { notFound } from '#shared/domain/errors';
import type { Sector } from '#shared/domain/sectors';
import { localDateTime } from '#shared/domain/time';
import type { Paging } from '#shared/http/paging';
import { pageOf } from '#shared/domain/paging';

const attendances = dynamoAttendanceRepository();
const sectors = dynamoSectorRepository();

const local = (iso: string | null) => (iso ? localDateTime(new Date(iso)) : null);

/** The attendance on the wire; `nome` is its patient's name when read. Waiting time only while in the queue. */
export function attendanceView(a: Attendance, nome: string | null | undefined, setor: Sector | undefined, now = Date.now()) {
  return {
    id: a.id,
    status: a.status,
    paciente: { id: a.pacienteId, nome: nome ?? null, telefone: a.telefone },
    setor: { id: a.setorId, codigo: setor?.codigo ?? null, nome: setor?.nome ?? null },
    atendenteId: a.atendenteId,
    mensagens: a.mensagens,
    criadoEm: local(a.criadoEm),
    filaDesde: local(a.filaDesde),
    assumidoEm: local(a.assumidoEm),
    encerradoEm: local(a.encerradoEm),
    ultimaMensagemEm: local(a.ultimaMensagemEm),
    esperaSegundos: a.status === 'FILA' && a.filaDesde ? Math.max(0, Math.floor((now - Date.parse(a.filaDesde)) / 1000)) : null,
  };
}

export async function findAttendance(aplicacaoId: number, id: number): Promise<Attendance> {
  const attendance = await attendances.get(aplicacaoId, id);
  if (!attendance) throw notFound('attendance');
  return attendance;
}

const MAX_ATTEMPTS = 5;

/** Applies an action: the attendance as it is after it (unchanged when it already was there). Conflicts throw. */
export async function actOn(aplicacaoId: number, id: number, action: Action): Promise<Attendance> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const current = await findAttendance(aplicacaoId, id);
    const decision = decide(current, action, new Date().toISOString());
    if (decision.kind === 'unchanged') return current;
    const outcome = await attendances.move(current, decision.next);
    if (outcome.committed) return decision.next;
    // Moved meanwhile (a patient's message escalated it, another attendant took it): decide again on what it is now.
    if (!outcome.refusals.includes(STATUS_CHANGED) && !outcome.raced) throw outcome.error;
  }
  throw new Error(`attendance ${id} kept changing; gave up after ${MAX_ATTEMPTS} attempts`);
}

/** One attendance as the API shows it, with its patient's name. */
export async function renderAttendance(a: Attendance) {
  const [names, setor] = await Promise.all([patientNames(a.aplicacaoId, [a.pacienteId]), sectors.get(a.aplicacaoId, a.setorId)]);
  return attendanceView(a, names.get(a.pacienteId), setor);
}

/** A page of one status's attendances, oldest first, in the v2 paged shape. */
export async function attendanceQueue(aplicacaoId: number, status: AttendanceStatus, paging: Paging) {
  const { content, total } = await attendances.page(aplicacaoId, status, paging.page, paging.size);
  const [names, list] = await Promise.all([
    patientNames(
      aplicacaoId,
      content.map((a) => a.pacienteId),
    ),
    content.length > 0 ? sectors.list(aplicacaoId) : [],
  ]);
  const byId = new Map(list.map((s) => [s.id, s]));
  const now = Date.now();
  return pageOf(
    content.map((a) => attendanceView(a, names.get(a.pacienteId), byId.get(a.setorId), now)),
    total,
    paging,
  );
}

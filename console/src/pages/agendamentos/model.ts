// What the Agendamentos page knows of an appointment: its types, the board's order of statuses and their
// tones, who made a move in words, and the moves an operator may make in each status
// (shared/domain/appointments/state-machine.ts's transitionTable; a unit test, test/unit/console-care.test.ts,
// keeps the two equal). The statuses' words are in labels.ts.
import type { paths as Paths } from '../../api/schema';
import { appointmentStatusLabel } from '../../labels';

type Board = Paths['/api/admin/agendamentos']['get']['responses'][200]['content']['application/json'];
export type BoardItem = Board['content'][number];
export type Detail = Paths['/api/admin/agendamentos/{id}']['get']['responses'][200]['content']['application/json'];
export type Status = Detail['status'];
export type Move = Detail['historico'][number];
export type FlowMessage = Detail['mensagens'][number];

/** Every status, in the board's order (alphabetical, as the API sorts the day). */
export const statuses = (Object.keys(appointmentStatusLabel) as Status[]).sort();

/** The badge's colour class: closed well, closed badly, needs attention, under way. */
export function statusTone(status: Status): string {
  if (status === 'CONFIRMADO' || status === 'REALIZADO') return 'badge-ok';
  if (status === 'CANCELADO' || status === 'FALTOU') return 'badge-off';
  if (status === 'ERRO' || status === 'SEM_TEMPLATE' || status === 'NAO_RESPONDEU') return 'badge-alert';
  return 'badge-info';
}

export type OperatorMove = 'confirmar' | 'cancelar' | 'reprocessar';

const closed: readonly Status[] = ['CANCELADO', 'REALIZADO', 'FALTOU'];

/**
 * The moves offered in `status`: confirm and cancel from any open status (not to where it already is:
 * the API's no-op is nothing an operator needs), reprocess only from ERRO.
 */
export function movesFrom(status: Status): OperatorMove[] {
  if (closed.includes(status)) return [];
  const moves: OperatorMove[] = [];
  if (status !== 'CONFIRMADO') moves.push('confirmar');
  moves.push('cancelar');
  if (status === 'ERRO') moves.push('reprocessar');
  return moves;
}

/** Who made a move, in words. */
export function actor(por: Move['por']): string {
  switch (por.tipo) {
    case 'operador':
      return `${por.nome ?? 'Operador'} (operador nº ${por.id ?? '?'})`;
    case 'fluxo':
      return por.id === null ? 'Fluxo de comunicação' : `Fluxo de comunicação, a pedido do operador nº ${por.id}`;
    case 'paciente':
      return 'Paciente, pelo WhatsApp';
    case 'cliente':
      return `Sistema da clínica (cliente OAuth2 ${por.id ?? ''})`.replace(' )', ')');
    case 'prestador':
      return `Prestador (credencial nº ${por.id ?? '?'})`;
  }
}

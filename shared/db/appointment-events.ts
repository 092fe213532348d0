// How an appointment's history entry and an AGENDAMENTO_* event (the payload of an outbox event, pattern 24, and of
// a webhook delivery, pattern 26) read back. Its own small module: the webhooks' consumer reads the payloads
// without the appointments' repository.
import { listOf, map, nullable, number, oneOf, string, type Fields, type Read } from '#shared/db/item';
import { appointmentEventTypes, type AppointmentEvent } from '#shared/domain/appointments/events';
import type { HistoryEntry } from '#shared/domain/appointments/records';
import { actorKinds, appointmentStatuses } from '#shared/domain/appointments/state-machine';
import type { AppointmentView } from '#shared/domain/appointments/views';

export const appointmentStatus = oneOf(appointmentStatuses);

/** Who moved it: a client or credential id (a string), a message or user id (a number), or none (a flow step). */
const actorId: Read<string | number | null> = (value, at) => (typeof value === 'string' ? value : nullable(number)(value, at));

export const historyEntry = map((f): HistoryEntry => ({
  de: f.read('de', nullable(appointmentStatus)),
  para: f.read('para', appointmentStatus),
  em: f.read('em', string),
  por: f.read(
    'por',
    map((por) => ({
      tipo: por.read('tipo', oneOf(actorKinds)),
      id: por.read('id', actorId),
      ...por.ifPresent('nome', nullable(string)),
    })),
  ),
  observacao: f.read('observacao', nullable(string)),
  ...f.ifPresent('mensagemId', number),
}));

/** The appointment as an event shows it (appointmentView's fields, in its order). */
const appointmentView = (f: Fields): AppointmentView => {
  const text = (name: string) => f.read(name, nullable(string));
  return {
    id: f.read('id', number),
    pacienteTelefone: f.read('pacienteTelefone', string),
    procedimento: f.read('procedimento', string),
    pacienteNome: text('pacienteNome'),
    pacienteCpf: text('pacienteCpf'),
    prestador: text('prestador'),
    numeroPedido: text('numeroPedido'),
    dataLimiteRetirada: text('dataLimiteRetirada'),
    localRetirada: text('localRetirada'),
    observacoes: text('observacoes'),
    medicoSolicitante: text('medicoSolicitante'),
    status: f.read('status', appointmentStatus),
    criadoEm: f.read('criadoEm', string),
    atualizadoEm: f.read('atualizadoEm', string),
    historico: f.read('historico', listOf(historyEntry)),
    pendencia: text('pendencia'),
  };
};

/** An event's stored payload: `{type, timestamp, data: {agendamento}}`. */
export const appointmentEvent: Read<AppointmentEvent> = map((f) => ({
  type: f.read('type', oneOf(appointmentEventTypes)),
  timestamp: f.read('timestamp', string),
  data: f.read(
    'data',
    map((data) => ({ agendamento: data.read('agendamento', map(appointmentView)) })),
  ),
}));

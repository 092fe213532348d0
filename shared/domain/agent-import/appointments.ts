// The agent's batch import: the decisions on an imported appointment (how it is born, what a changed
// one changes, which move a legacy status asks for).
import { appointmentTextFields, type Appointment } from '#shared/domain/appointments/records';
import { isClosed, type AppointmentStatus, type Trigger } from '#shared/domain/appointments/state-machine';
import { moveAppointment, newAppointment } from '#shared/domain/appointments/moves';
import type { AppointmentCreateInput } from '#shared/domain/appointments/inputs';
import { DomainError } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import type { ImportedStatus } from '#shared/domain/agent-import/inputs';
import { RecordRefused } from '#shared/domain/agent-import/results';

/** Who an import's history entries name: the integration (`por: { tipo: 'cliente', id: 'integracao:<id>' }`). */
export const importActor = (integracaoId: number): string => `integracao:${integracaoId}`;

/** The trigger a legacy status stands for: the application's own decision (cliente) or the outcome (prestador). */
export const triggerOfImportedStatus = (status: ImportedStatus): Trigger =>
  status === 'CONFIRMADO' || status === 'CANCELADO' ? { by: 'cliente', status } : { by: 'prestador', resultado: status };

/** The fields of an imported appointment a later import may change (while it is open). */
export const importedAppointmentFields = [
  'pacienteTelefone',
  'procedimento',
  ...appointmentTextFields,
] as const satisfies readonly (keyof AppointmentCreateInput)[];

/** Statuses before the patient was written to: the phone may still change. */
const beforeNotification: readonly AppointmentStatus[] = ['IMPORTADO', 'VALIDADO', 'ERRO', 'SEM_TEMPLATE'];

export type AppointmentDados = AppointmentCreateInput & { status: ImportedStatus | null };

interface ImportContext {
  aplicacaoId: number;
  integracaoId: number;
  at: Date;
}

function move(appointment: Appointment, status: ImportedStatus, ctx: ImportContext): Appointment {
  try {
    const moved = moveAppointment(appointment, triggerOfImportedStatus(status), { actorId: importActor(ctx.integracaoId), at: ctx.at });
    return moved.appointment;
  } catch (error) {
    if (error instanceof DomainError) throw new RecordRefused('dados.status', error.message);
    throw error;
  }
}

/**
 * A new imported appointment: IMPORTADO, due for the flow at once (pattern 34), in no provider's
 * scope (`prestador` kept as text). A legacy status is then taken as a move from IMPORTADO (every
 * one of the four is allowed there), so the history shows both and the flow has nothing left to do.
 */
export function importedAppointment(dados: AppointmentDados, id: number, ctx: ImportContext): Appointment {
  const { status, ...input } = dados;
  const created = newAppointment(input, {
    id,
    aplicacaoId: ctx.aplicacaoId,
    prestadorId: null,
    clientId: importActor(ctx.integracaoId),
    at: ctx.at,
  });
  return status ? move(created, status, ctx) : created;
}

export type AppointmentChange =
  | { kind: 'none' }
  /** `fields`: the stored fields that change; `moved`: the status moves too (`after` holds its history entry). */
  | { kind: 'change'; after: Appointment; fields: Partial<AppointmentCreateInput>; moved: boolean };

/**
 * What a changed legacy appointment does to the stored one. Fields change only while it is open (and
 * the phone only before the patient was written to); a legacy status is a move only when it is not
 * the one last imported (`lastStatus`) nor the current one, and the state machine decides it: a
 * refusal names `dados.status` with the machine's reason (REALIZADO never goes back to CONFIRMADO).
 */
export function appointmentChange(
  current: Appointment,
  dados: AppointmentDados,
  lastStatus: ImportedStatus | null,
  ctx: ImportContext,
): AppointmentChange {
  const fields: Partial<AppointmentCreateInput> = {};
  for (const f of importedAppointmentFields) if (current[f] !== dados[f]) (fields as Record<string, unknown>)[f] = dados[f];
  const names = Object.keys(fields);
  if (names.length > 0 && isClosed(current.status)) {
    throw new RecordRefused(`dados.${names[0]}`, `the appointment is ${current.status}: its fields no longer change`);
  }
  if ('pacienteTelefone' in fields && !beforeNotification.includes(current.status)) {
    throw new RecordRefused('dados.pacienteTelefone', `the patient was already notified (${current.status}): the phone no longer changes`);
  }
  const edited: Appointment = names.length > 0 ? { ...current, ...fields, atualizadoEm: localDateTime(ctx.at) } : current;
  const wanted = dados.status;
  if (wanted && wanted !== lastStatus && wanted !== current.status) {
    return { kind: 'change', after: move(edited, wanted, ctx), fields, moved: true };
  }
  return names.length > 0 ? { kind: 'change', after: edited, fields, moved: false } : { kind: 'none' };
}

// Appointments (agendamentos): the state machine. Pure domain code: no HTTP, no DynamoDB, no clock
// of its own. The record is in records.ts, its inputs in inputs.ts, creating and moving it in
// moves.ts, its JSON view in views.ts and the AGENDAMENTO_* events in events.ts.
//
// The state machine is one table, `transitionTable` (from, trigger, to). decideTransition is the
// only reader of it, and every move (v2 PATCH, POST /execucao, the communication flow, a patient's
// reply) goes through decideTransition. docs/appointments.md holds the same table with the reasons
// for the moves the spec leaves open; a unit test keeps the two equal.
import { DomainError, conflict } from '#shared/domain/errors';
import { eventOnEntering, type AppointmentEventType } from '#shared/domain/appointments/events';

// ---------------------------------------------------------------------------------------------
// States

export const appointmentStatuses = [
  'IMPORTADO',
  'VALIDADO',
  'ENVIADO',
  'AVISO_ENVIADO',
  'CONFIRMADO',
  'NAO_RESPONDEU',
  'CANCELADO',
  'ERRO',
  'SEM_TEMPLATE',
  'REALIZADO',
  'FALTOU',
] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/** States nothing moves out of: REALIZADO and FALTOU (terminal per the spec) and CANCELADO (see docs/appointments.md). */
export const closedStatuses = ['CANCELADO', 'REALIZADO', 'FALTOU'] as const satisfies readonly AppointmentStatus[];

export const openStatuses = appointmentStatuses.filter((s) => !(closedStatuses as readonly string[]).includes(s));

export const isClosed = (status: AppointmentStatus): boolean => (closedStatuses as readonly string[]).includes(status);

// ---------------------------------------------------------------------------------------------
// Triggers: who moves an appointment, and with what.

/**
 * Who moved an appointment: the application's OAuth client (v2), the provider's nbwp_ credential, the communication
 * flow, the patient, an operator of the admin panel (a portal user).
 */
export const actorKinds = ['cliente', 'prestador', 'fluxo', 'paciente', 'operador'] as const;
export type ActorKind = (typeof actorKinds)[number];

/** The statuses a v2 PATCH may ask for; any other status is a 422. */
export const patchStatuses = ['CONFIRMADO', 'CANCELADO'] as const;
export type PatchStatus = (typeof patchStatuses)[number];

/** The statuses an operator may set from the admin panel (confirmar, cancelar). */
export const operatorStatuses = ['CONFIRMADO', 'CANCELADO'] as const;
export type OperatorStatus = (typeof operatorStatuses)[number];

/** The results POST /execucao may register. */
export const executionResults = ['REALIZADO', 'FALTOU'] as const;
export type ExecutionResult = (typeof executionResults)[number];

/** What the internal communication flow reports about an appointment. */
export const flowSteps = [
  /** The record checked out (phone, procedure): ready to be communicated. */
  'validado',
  /** Processing failed: invalid data found by validation, or the provider refused the notification. */
  'erro',
  /** The procedure has no approved template: the notification cannot be sent (yet). */
  'sem_template',
  /** The notification went out (also from SEM_TEMPLATE, once a template was approved). */
  'enviado',
  /** The balance could not pay for the notification: it stays (or becomes) VALIDADO and is tried again later. */
  'saldo_insuficiente',
  /** The reminder went out. */
  'aviso_enviado',
  /** The sweep's no-reply deadline passed. */
  'sem_resposta',
  /** An ERRO is processed again from the start (operator or sweep; the flow bounds how often). */
  'reprocessar',
] as const;
export type FlowStep = (typeof flowSteps)[number];

/** What the patient's WhatsApp reply meant. */
export const patientReplies = ['confirmou', 'cancelou'] as const;
export type PatientReply = (typeof patientReplies)[number];

/** A request to move an appointment, as the caller has it. A PATCH carries the status exactly as sent. */
export type Trigger =
  | { by: 'cliente'; status: string }
  | { by: 'prestador'; resultado: ExecutionResult }
  | { by: 'fluxo'; step: FlowStep }
  | { by: 'paciente'; reply: PatientReply }
  | { by: 'operador'; status: OperatorStatus };

/** The table's name of a trigger: `<actor kind>:<what>`. */
export type TriggerName =
  | `cliente:${PatchStatus}`
  | `prestador:${ExecutionResult}`
  | `fluxo:${FlowStep}`
  | `paciente:${PatientReply}`
  | `operador:${OperatorStatus}`;

export const triggerNames: readonly TriggerName[] = [
  ...patchStatuses.map((s) => `cliente:${s}` as const),
  ...executionResults.map((r) => `prestador:${r}` as const),
  ...flowSteps.map((s) => `fluxo:${s}` as const),
  ...patientReplies.map((r) => `paciente:${r}` as const),
  ...operatorStatuses.map((s) => `operador:${s}` as const),
];

// ---------------------------------------------------------------------------------------------
// The transition table: the only place that decides a move.

export interface TransitionRule {
  from: AppointmentStatus;
  trigger: TriggerName;
  to: AppointmentStatus;
}

const rules = (from: readonly AppointmentStatus[], trigger: TriggerName, to: AppointmentStatus): TransitionRule[] =>
  from.map((f) => ({ from: f, trigger, to }));

// Open states other than CONFIRMADO, and the states in which the patient has been written to.
const open: readonly AppointmentStatus[] = openStatuses;
const notified: readonly AppointmentStatus[] = ['ENVIADO', 'AVISO_ENVIADO', 'NAO_RESPONDEU'];

/** Every allowed move; anything absent is refused. A rule with from = to is an allowed no-op. */
export const transitionTable: readonly TransitionRule[] = [
  // v2 PATCH by the application's client: from any open state; repeating the current status is a no-op.
  ...rules(open, 'cliente:CONFIRMADO', 'CONFIRMADO'),
  ...rules([...open, 'CANCELADO'], 'cliente:CANCELADO', 'CANCELADO'),
  // An operator of the admin panel, for the clinic: the same moves as the application's client.
  ...rules(open, 'operador:CONFIRMADO', 'CONFIRMADO'),
  ...rules([...open, 'CANCELADO'], 'operador:CANCELADO', 'CANCELADO'),
  // POST /execucao by the provider: from any open state, never from a closed one (409).
  ...rules(open, 'prestador:REALIZADO', 'REALIZADO'),
  ...rules(open, 'prestador:FALTOU', 'FALTOU'),
  // The communication flow.
  ...rules(['IMPORTADO'], 'fluxo:validado', 'VALIDADO'),
  // ERRO from a notified state: the reminder failed (the provider refused it, or the patient opted out).
  ...rules(['IMPORTADO', 'VALIDADO', 'SEM_TEMPLATE', 'ENVIADO', 'AVISO_ENVIADO'], 'fluxo:erro', 'ERRO'),
  ...rules(['VALIDADO', 'SEM_TEMPLATE'], 'fluxo:sem_template', 'SEM_TEMPLATE'),
  ...rules(['VALIDADO', 'SEM_TEMPLATE'], 'fluxo:enviado', 'ENVIADO'),
  ...rules(['VALIDADO', 'SEM_TEMPLATE'], 'fluxo:saldo_insuficiente', 'VALIDADO'),
  ...rules(['ENVIADO'], 'fluxo:aviso_enviado', 'AVISO_ENVIADO'),
  ...rules(['ENVIADO', 'AVISO_ENVIADO'], 'fluxo:sem_resposta', 'NAO_RESPONDEU'),
  ...rules(['ERRO'], 'fluxo:reprocessar', 'IMPORTADO'),
  // The patient's reply to the notification or the reminder (a late reply after NAO_RESPONDEU counts).
  ...rules([...notified, 'CONFIRMADO'], 'paciente:confirmou', 'CONFIRMADO'),
  ...rules([...notified, 'CONFIRMADO'], 'paciente:cancelou', 'CANCELADO'),
];

const ruleIndex = new Map(transitionTable.map((r) => [`${r.from} ${r.trigger}`, r.to]));

// ---------------------------------------------------------------------------------------------
// Deciding a move

export type Decision =
  | {
      allowed: true;
      from: AppointmentStatus;
      to: AppointmentStatus;
      trigger: TriggerName;
      /** false: the appointment already is where the trigger leads; nothing is written, no event. */
      changed: boolean;
      /** The event to send, only when changed into CONFIRMADO, CANCELADO, REALIZADO or FALTOU. */
      evento: AppointmentEventType | null;
    }
  | {
      allowed: false;
      /** 'unprocessable' (422): a PATCH status that PATCH may never set. 'conflict' (409): not from this status. */
      kind: 'conflict' | 'unprocessable';
      reason: string;
    };

/** The table's name of a trigger, or the 422 refusal of a PATCH status other than CONFIRMADO / CANCELADO. */
export function triggerName(trigger: Trigger): TriggerName | Extract<Decision, { allowed: false }> {
  switch (trigger.by) {
    case 'cliente':
      if ((patchStatuses as readonly string[]).includes(trigger.status)) return `cliente:${trigger.status as PatchStatus}`;
      return { allowed: false, kind: 'unprocessable', reason: `status must be one of ${patchStatuses.join(', ')}` };
    case 'prestador':
      return `prestador:${trigger.resultado}`;
    case 'fluxo':
      return `fluxo:${trigger.step}`;
    case 'paciente':
      return `paciente:${trigger.reply}`;
    case 'operador':
      return `operador:${trigger.status}`;
  }
}

/**
 * Whether `trigger` may move an appointment in `current`, and where to. A PATCH status PATCH may
 * never set is refused as unprocessable whatever the current status (the request is wrong in
 * itself); a move the table does not hold is a conflict.
 */
export function decideTransition(current: AppointmentStatus, trigger: Trigger): Decision {
  const name = triggerName(trigger);
  if (typeof name !== 'string') return name;
  const to = ruleIndex.get(`${current} ${name}`);
  if (!to) {
    const why = isClosed(current) ? `the appointment is already closed (${current})` : `the appointment is ${current}`;
    return { allowed: false, kind: 'conflict', reason: `${name} is not allowed: ${why}` };
  }
  const changed = to !== current;
  return { allowed: true, from: current, to, trigger: name, changed, evento: changed ? (eventOnEntering[to] ?? null) : null };
}

/** The DomainError of a refusal (conflict -> 409, unprocessable -> 422). */
export const refusalError = (refusal: Extract<Decision, { allowed: false }>): DomainError =>
  refusal.kind === 'conflict' ? conflict(refusal.reason) : new DomainError('unprocessable', refusal.reason);

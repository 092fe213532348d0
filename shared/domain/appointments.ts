// Appointments (agendamentos): the record, its state machine, its inputs, its JSON view and the
// AGENDAMENTO_* events. Pure domain code: no HTTP, no DynamoDB, no clock of its own.
//
// The state machine is one table, `transitionTable` (from, trigger, to). decideTransition is the
// only reader of it, and every move (v2 PATCH, POST /execucao, the communication flow, a patient's
// reply) goes through decideTransition. docs/appointments.md holds the same table with the reasons
// for the moves the spec leaves open; a unit test keeps the two equal.
//
// Persistence contract: a move is written conditioned on the status it was decided from (optimistic
// concurrency); a refused condition means someone moved the appointment first, so the caller reads
// it again and decides again. A no-op (`changed: false`) writes nothing and sends no event.
import * as z from 'zod/mini';
import { DomainError, conflict, invalid, notFound } from '#shared/domain/errors';
import { phoneField } from '#shared/domain/phone';
import { localDateTime } from '#shared/domain/time';
import { parseInput, recordId } from '#shared/domain/validation';
import { pageOf } from '#shared/domain/paging';
import { parseDeadline } from '#shared/domain/appointment-flow';

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
export type ClosedStatus = (typeof closedStatuses)[number];

export const openStatuses = appointmentStatuses.filter((s) => !(closedStatuses as readonly string[]).includes(s));

export const isClosed = (status: AppointmentStatus): boolean => (closedStatuses as readonly string[]).includes(status);

export const isAppointmentStatus = (value: unknown): value is AppointmentStatus =>
  typeof value === 'string' && (appointmentStatuses as readonly string[]).includes(value);

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
// Events the service sends

export const appointmentEventTypes = [
  'AGENDAMENTO_CONFIRMADO',
  'AGENDAMENTO_CANCELADO',
  'AGENDAMENTO_REALIZADO',
  'AGENDAMENTO_FALTOU',
] as const;
export type AppointmentEventType = (typeof appointmentEventTypes)[number];

/** The event a move INTO a status sends; moves into the other statuses send none. */
export const eventOnEntering: Partial<Record<AppointmentStatus, AppointmentEventType>> = {
  CONFIRMADO: 'AGENDAMENTO_CONFIRMADO',
  CANCELADO: 'AGENDAMENTO_CANCELADO',
  REALIZADO: 'AGENDAMENTO_REALIZADO',
  FALTOU: 'AGENDAMENTO_FALTOU',
};

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

// ---------------------------------------------------------------------------------------------
// The record

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

// ---------------------------------------------------------------------------------------------
// Inputs

export const MAX_TEXT = 200;
export const MAX_LONG_TEXT = 2000;
export const fieldLimits: Record<'procedimento' | (typeof appointmentTextFields)[number] | 'observacao', number> = {
  procedimento: MAX_TEXT,
  pacienteNome: MAX_TEXT,
  pacienteCpf: 20,
  prestador: MAX_TEXT,
  numeroPedido: 100,
  dataLimiteRetirada: 40,
  localRetirada: 500,
  observacoes: MAX_LONG_TEXT,
  medicoSolicitante: MAX_TEXT,
  observacao: 1000,
};

/** Required text: trimmed, then not empty and bounded. */
const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** Optional text: absent, null and blank all mean "not given" (null). */
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v) => (v ? v : null)),
  );

export const createSchema = z.object({
  pacienteTelefone: requiredText(40),
  procedimento: requiredText(fieldLimits.procedimento),
  pacienteNome: optionalText(fieldLimits.pacienteNome),
  pacienteCpf: optionalText(fieldLimits.pacienteCpf),
  prestador: optionalText(fieldLimits.prestador),
  numeroPedido: optionalText(fieldLimits.numeroPedido),
  dataLimiteRetirada: optionalText(fieldLimits.dataLimiteRetirada),
  localRetirada: optionalText(fieldLimits.localRetirada),
  observacoes: optionalText(fieldLimits.observacoes),
  medicoSolicitante: optionalText(fieldLimits.medicoSolicitante),
});
// `status` and unknown fields of a create are dropped: a new appointment is always IMPORTADO.

export type AppointmentCreateInput = z.infer<typeof createSchema>;

/** POST /api/external/v2/agendamentos body -> input with the phone normalised to +E.164, or invalid(message, field). */
export function parseAppointmentCreate(body: unknown): AppointmentCreateInput {
  const input = parseInput(createSchema, body);
  return { ...input, pacienteTelefone: phoneField(input.pacienteTelefone, 'pacienteTelefone') };
}

export const patchSchema = z.object({
  // Any string: a status PATCH may not set is a 422 decided by the state machine, not a 400 (beyond any status's length, a 400).
  status: z.string().check(z.maxLength(64)),
  observacao: optionalText(fieldLimits.observacao),
});
export type AppointmentPatchInput = z.infer<typeof patchSchema>;

/** PATCH /api/external/v2/agendamentos/{id} body: `status` required (a string), `observacao` optional. */
export const parseAppointmentPatch = (body: unknown): AppointmentPatchInput => parseInput(patchSchema, body);

export const executionSchema = z.object({
  agendamentoId: z.optional(recordId),
  numeroPedido: optionalText(fieldLimits.numeroPedido),
  resultado: z.enum(executionResults),
  observacao: optionalText(fieldLimits.observacao),
});

export interface ExecutionInput {
  agendamentoId: number | null;
  numeroPedido: string | null;
  resultado: ExecutionResult;
  observacao: string | null;
}

/** POST /execucao body: one of agendamentoId / numeroPedido, resultado REALIZADO or FALTOU (else 400 naming the field). */
export function parseExecution(body: unknown): ExecutionInput {
  const input = parseInput(executionSchema, body);
  if (input.agendamentoId === undefined && !input.numeroPedido) throw invalid('agendamentoId or numeroPedido is required', 'agendamentoId');
  return {
    agendamentoId: input.agendamentoId ?? null,
    numeroPedido: input.numeroPedido,
    resultado: input.resultado,
    observacao: input.observacao,
  };
}

/**
 * The appointment an /execucao call means, among the provider's appointments matching its
 * identifier (by id: zero or one; by numeroPedido: every one with that order number). With both
 * identifiers, the appointment must match both. Several open appointments under one order number
 * are ambiguous (409: send agendamentoId); a closed one is returned so the move is refused as 409.
 */
export function resolveExecutionTarget(
  candidates: readonly Appointment[],
  input: Pick<ExecutionInput, 'agendamentoId' | 'numeroPedido'>,
): Appointment {
  const matching = candidates.filter(
    (a) =>
      (input.agendamentoId === null || a.id === input.agendamentoId) &&
      (input.numeroPedido === null || a.numeroPedido === input.numeroPedido),
  );
  if (matching.length === 0) throw notFound('appointment');
  if (matching.length === 1) return matching[0]!;
  const stillOpen = matching.filter((a) => !isClosed(a.status));
  if (stillOpen.length === 1) return stillOpen[0]!;
  if (stillOpen.length > 1)
    throw conflict(`${stillOpen.length} open appointments have numeroPedido ${input.numeroPedido}: send agendamentoId`);
  // All closed: the latest, so the answer is the 409 of a closed appointment.
  return matching.reduce((a, b) => (b.id > a.id ? b : a));
}

// ---------------------------------------------------------------------------------------------
// Creating and moving

export interface CreateContext {
  id: number;
  aplicacaoId: number;
  prestadorId: number | null;
  /** The OAuth client that created it (history's `por.id`). */
  clientId: string;
  at: Date;
}

/** A new appointment, IMPORTADO, with its creation in the history. */
export function newAppointment(input: AppointmentCreateInput, context: CreateContext): Appointment {
  const em = localDateTime(context.at);
  return {
    id: context.id,
    aplicacaoId: context.aplicacaoId,
    prestadorId: context.prestadorId,
    ...input,
    status: 'IMPORTADO',
    criadoEm: em,
    atualizadoEm: em,
    historico: [{ de: null, para: 'IMPORTADO', em, por: { tipo: 'cliente', id: context.clientId }, observacao: null }],
    // Due at once: the flow validates it (pattern 34; the create also queues it, this is the safety net).
    vencimento: context.at.toISOString(),
    passo: 'processar',
    pendencia: null,
  };
}

export interface MoveContext {
  /** Who, within the trigger's actor kind (see HistoryEntry.por). */
  actorId: string | number | null;
  /** An operator's name, kept in the history entry as it was at the move. */
  actorName?: string | null;
  /** The message sent with the move (the flow's notification or reminder). */
  mensagemId?: number;
  observacao?: string | null;
  at: Date;
  /** The flow's next look at it after the move; none by default (a move by anyone else ends the flow's timers). */
  due?: { vencimento: string; passo: FlowDue } | null;
  pendencia?: string | null;
}

export type Move =
  | { changed: false; appointment: Appointment }
  | {
      changed: true;
      /** The appointment after the move (a new object; the input is not modified). */
      appointment: Appointment;
      /** The status the write must be conditioned on. */
      from: AppointmentStatus;
      entry: HistoryEntry;
      evento: AppointmentEventType | null;
    };

/** Applies `trigger` to `appointment`, or throws the refusal (409 / 422) as a DomainError. */
export function moveAppointment(appointment: Appointment, trigger: Trigger, context: MoveContext): Move {
  const decision = decideTransition(appointment.status, trigger);
  if (!decision.allowed) throw refusalError(decision);
  if (!decision.changed) return { changed: false, appointment };
  const em = localDateTime(context.at);
  const entry: HistoryEntry = {
    de: decision.from,
    para: decision.to,
    em,
    por:
      context.actorName === undefined
        ? { tipo: trigger.by, id: context.actorId }
        : { tipo: trigger.by, id: context.actorId, nome: context.actorName },
    observacao: context.observacao ?? null,
    ...(context.mensagemId === undefined ? {} : { mensagemId: context.mensagemId }),
  };
  return {
    changed: true,
    appointment: {
      ...appointment,
      status: decision.to,
      atualizadoEm: em,
      historico: [...appointment.historico, entry],
      vencimento: context.due?.vencimento ?? null,
      passo: context.due?.passo ?? null,
      pendencia: context.pendencia ?? null,
    },
    from: decision.from,
    entry,
    evento: decision.evento,
  };
}

/**
 * The day an appointment is listed under on the console's board (pattern 22d): the date of its pick-up deadline
 * when the flow can read it, else the day it was created; YYYY-MM-DD in the service's time zone.
 */
export function boardDay(a: Pick<Appointment, 'dataLimiteRetirada' | 'criadoEm'>): string {
  const deadline = parseDeadline(a.dataLimiteRetirada);
  return (deadline ? localDateTime(deadline) : a.criadoEm).slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Views

/** The spec's appointment JSON: its fields (null when not given), the numeric id, status, dates, history and what the flow waits for. */
export type AppointmentView = Omit<Appointment, 'aplicacaoId' | 'prestadorId' | 'vencimento' | 'passo'>;

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

// ---------------------------------------------------------------------------------------------
// Event payloads

/** The body of an outbound webhook delivery (Standard Webhooks' recommended `{type, timestamp, data}`). */
export interface AppointmentEvent {
  type: AppointmentEventType;
  /** When the move happened: local date-time without zone, as every timestamp of the spec. */
  timestamp: string;
  data: { agendamento: AppointmentView };
}

export const appointmentEvent = (type: AppointmentEventType, appointment: Appointment, at: Date): AppointmentEvent => ({
  type,
  timestamp: localDateTime(at),
  data: { agendamento: appointmentView(appointment) },
});

/**
 * The event id (Standard Webhooks `webhook-id`) of the move recorded as history entry `seq` (its
 * index): the same however often the move's enqueue is retried, so receivers and the delivery
 * records can dedupe on it. Appointment ids are unique service-wide.
 */
export const appointmentEventId = (agendamentoId: number, seq: number): string => `msg_${agendamentoId}_${seq}`;

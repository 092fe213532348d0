// Appointments: the inputs of a create (v2 POST), a v2 PATCH, a day board's query and POST /execucao, and the
// appointment an /execucao call means.
import * as z from 'zod/mini';
import { conflict, invalid, notFound } from '#shared/domain/errors';
import { phoneField } from '#shared/domain/phone';
import { parseInput, recordId } from '#shared/domain/validation';
import type { Appointment, appointmentTextFields } from '#shared/domain/appointments/records';
import { appointmentStatuses, executionResults, isClosed, type ExecutionResult } from '#shared/domain/appointments/state-machine';

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

/** A real calendar day, YYYY-MM-DD (2024-02-30 is refused). */
const calendarDay = z.string().check(
  z.maxLength(10),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date YYYY-MM-DD' }),
  z.refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'must be a real date',
  }),
);

/** A day board's query (the console's, the provider portal's): the day (`boardDay`, ./moves.ts) and optionally one status. */
export const boardQuery = z.object({ data: calendarDay, status: z.optional(z.enum(appointmentStatuses)) });

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

// The agent's batch import (POST /api/external/integracoes/registros): what a batch and each record
// must look like, and the fingerprint that tells an unchanged record from a changed one. The results
// are in results.ts, the decisions on an imported appointment in appointments.ts. No I/O:
// shared/db/agent-imports.ts reads and writes. Each record is judged alone: a bad one is `rejeitado`
// naming its field, the others go on.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { parseAppointmentCreate, type AppointmentCreateInput } from '#shared/domain/appointments/inputs';
import { DomainError, invalid } from '#shared/domain/errors';
import { checkBirthDate, normalizeCpf, sexos, type PatientInput } from '#shared/domain/patients';
import { phoneField } from '#shared/domain/phone';
import { parseInput } from '#shared/domain/validation';

export const MAX_RECORDS = 500;
export const recordTypes = ['PACIENTE', 'AGENDAMENTO', 'REGISTRO_CLINICO'] as const;
export type RecordType = (typeof recordTypes)[number];
export type ImportOutcome = 'criado' | 'atualizado' | 'inalterado' | 'rejeitado';

/** The statuses a legacy system may report for an appointment (the moves the state machine may take from them). */
export const importedStatuses = ['CONFIRMADO', 'CANCELADO', 'REALIZADO', 'FALTOU'] as const;
export type ImportedStatus = (typeof importedStatuses)[number];

export interface ClinicalRecordInput {
  pacienteIdLegado: string | null;
  pacienteTelefone: string | null;
  tipoRegistro: string;
  data: string;
  descricao: string | null;
  conteudo: Record<string, unknown> | null;
}

export type ParsedRecord =
  | { tipo: 'PACIENTE'; idLegado: string; dados: PatientInput; hash: string }
  | { tipo: 'AGENDAMENTO'; idLegado: string; dados: AppointmentCreateInput & { status: ImportedStatus | null }; hash: string }
  | { tipo: 'REGISTRO_CLINICO'; idLegado: string; dados: ClinicalRecordInput; hash: string };

export interface Rejection {
  tipo: string | null;
  idLegado: string | null;
  campo: string;
  motivo: string;
}

export const batchSchema = z.object({
  integracaoId: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  // More than MAX_RECORDS is refused before this schema, with 413 (parseBatch).
  registros: z.array(z.unknown()).check(z.minLength(1), z.maxLength(MAX_RECORDS)),
});

/** The batch's envelope: 400 naming the field, 413 (too_large, naming `maxRecords`) over 500 records. */
export function parseBatch(body: unknown): { integracaoId: number; registros: unknown[] } {
  const records = (body as { registros?: unknown } | null)?.registros;
  if (Array.isArray(records) && records.length > MAX_RECORDS) {
    throw new DomainError('too_large', `registros has ${records.length} records; at most ${MAX_RECORDS} per request`, {
      maxRecords: MAX_RECORDS,
    });
  }
  return parseInput(batchSchema, body);
}

const envelope = z.object({
  tipo: z.enum(recordTypes),
  idLegado: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), z.regex(/^[^\p{Cc}]+$/u, 'must not hold control characters')),
  dados: z.record(z.string(), z.unknown()),
});

const text = (max: number) => z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(max))));
const patientSchema = z.object({
  telefone: z.string().check(z.maxLength(32)),
  nome: text(200),
  cpf: z.optional(z.nullable(z.string().check(z.maxLength(20)))),
  dataNascimento: z.optional(z.nullable(z.string().check(z.maxLength(10)))),
  sexo: z.optional(z.nullable(z.enum(sexos))),
  email: z.optional(z.nullable(z.email().check(z.maxLength(200)))),
  bairro: text(100),
  cidade: text(100),
});
/** The date part is a calendar day (no 2026-02-30) and the time, when given, a real time of day. */
function isRealDate(value: string): boolean {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d));
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) return false;
  return value.length === 10 || !Number.isNaN(Date.parse(value.length === 16 ? `${value}:00` : value));
}
const clinicalSchema = z.object({
  pacienteIdLegado: z._default(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))), null),
  pacienteTelefone: z._default(z.nullable(z.string().check(z.maxLength(32))), null),
  tipoRegistro: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  data: z
    .string()
    .check(
      z.regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/, 'must be an ISO date or date-time'),
      z.refine(isRealDate, 'must be a real date (or date-time)'),
    ),
  descricao: z._default(z.nullable(z.string().check(z.trim(), z.maxLength(2000))), null),
  conteudo: z._default(z.nullable(z.record(z.string(), z.unknown())), null),
});
export const MAX_CONTENT_BYTES = 32 * 1024;

function parsePatient(dados: Record<string, unknown>, now: Date): PatientInput {
  const input = parseInput(patientSchema, dados);
  checkBirthDate(input.dataNascimento, now);
  let cpf = input.cpf;
  if (cpf) {
    cpf = normalizeCpf(cpf);
    if (!cpf) throw invalid('cpf must be a valid CPF (11 digits with correct check digits)', 'cpf');
  }
  return { ...input, telefone: phoneField(input.telefone, 'telefone'), ...(input.cpf !== undefined ? { cpf } : {}) };
}

function parseAppointment(dados: Record<string, unknown>): AppointmentCreateInput & { status: ImportedStatus | null } {
  const { status, ...rest } = dados;
  if (status !== undefined && status !== null && !importedStatuses.includes(status as ImportedStatus)) {
    throw invalid(`status must be one of ${importedStatuses.join(', ')} (or absent)`, 'status');
  }
  return { ...parseAppointmentCreate(rest), status: (status as ImportedStatus | null | undefined) ?? null };
}

function parseClinical(dados: Record<string, unknown>): ClinicalRecordInput {
  const input = parseInput(clinicalSchema, dados);
  if (!input.pacienteIdLegado && !input.pacienteTelefone)
    throw invalid('pacienteIdLegado or pacienteTelefone is required', 'pacienteIdLegado');
  if (input.conteudo && Buffer.byteLength(JSON.stringify(input.conteudo)) > MAX_CONTENT_BYTES) {
    throw invalid(`conteudo must be at most ${MAX_CONTENT_BYTES} bytes of JSON`, 'conteudo');
  }
  return { ...input, pacienteTelefone: input.pacienteTelefone ? phoneField(input.pacienteTelefone, 'pacienteTelefone') : null };
}

/** JSON with object keys sorted, so equal records hash alike whatever order their fields came in. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value && typeof value === 'object'
      ? `{${Object.keys(value)
          .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
          .join(',')}}`
      : JSON.stringify(value);

export const recordHash = (dados: unknown): string => createHash('sha256').update(canonical(dados)).digest('hex');

/**
 * One record of the batch, parsed at `now` (a birth date after its day is refused); or why it is refused, its field
 * named from the batch (`registros[7].dados.telefone`).
 */
export function parseRecord(raw: unknown, index: number, now: Date): ParsedRecord | Rejection {
  const at = `registros[${index}]`;
  const partial = raw as { tipo?: unknown; idLegado?: unknown } | null;
  const known = {
    tipo: typeof partial?.tipo === 'string' ? partial.tipo : null,
    idLegado: typeof partial?.idLegado === 'string' ? partial.idLegado : null,
  };
  let base: z.infer<typeof envelope>;
  try {
    base = parseInput(envelope, raw, 'registro');
  } catch (error) {
    return rejection(error, known, at);
  }
  try {
    const { tipo, idLegado } = base;
    if (tipo === 'PACIENTE') {
      const dados = parsePatient(base.dados, now);
      return { tipo, idLegado, dados, hash: recordHash(dados) };
    }
    if (tipo === 'AGENDAMENTO') {
      const dados = parseAppointment(base.dados);
      return { tipo, idLegado, dados, hash: recordHash(dados) };
    }
    const dados = parseClinical(base.dados);
    return { tipo, idLegado, dados, hash: recordHash(dados) };
  } catch (error) {
    return rejection(error, { tipo: base.tipo, idLegado: base.idLegado }, `${at}.dados`);
  }
}

function rejection(error: unknown, known: { tipo: string | null; idLegado: string | null }, at: string): Rejection {
  if (!(error instanceof DomainError) || error.kind !== 'validation') throw error;
  const field = typeof error.details.field === 'string' && error.details.field !== 'registro' ? `${at}.${error.details.field}` : at;
  return { ...known, campo: field, motivo: error.message };
}

export const isRejection = (r: ParsedRecord | Rejection): r is Rejection => 'motivo' in r;

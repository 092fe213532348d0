// Patients (pacientes) of an application: one record per phone (and per CPF when known), created by
// the v2 API or by a patient's first WhatsApp message, read by the patient app and the appointments.
// CPF and phone are personal data: they never go into logs.
import { conflict, invalid } from '#shared/domain/errors';
import { localDateTime } from '#shared/domain/time';
import type { CommitOutcome } from '#shared/domain/unit-of-work';

export const sexos = ['M', 'F', 'O'] as const;
export type Sexo = (typeof sexos)[number];

export interface Patient {
  id: number;
  aplicacaoId: number;
  nome: string | null;
  /** E.164, unique per application (pattern 28a). */
  telefone: string;
  /** 11 digits, check digits valid, unique per application when present (pattern 28b). */
  cpf: string | null;
  /** YYYY-MM-DD. */
  dataNascimento: string | null;
  sexo: Sexo | null;
  email: string | null;
  bairro: string | null;
  cidade: string | null;
  criadoEm: string;
  atualizadoEm: string;
  /** Optimistic lock: every update is conditioned on the version read and adds one. */
  versao: number;
}

/** The name as the listing sorts and the `nome` filter matches it: lower case, no accents, single spaces. */
export const foldName = (nome: string | null): string =>
  (nome ?? '')
    .normalize('NFD')
    .replace(/\p{M}|\p{Cc}/gu, (c) => (/\s/.test(c) ? ' ' : ''))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A patient first known by a WhatsApp message: its phone, and the profile name the provider gave. */
export function patientFromMessage(input: { id: number; aplicacaoId: number; telefone: string; nome: string | null; at: string }): Patient {
  return {
    id: input.id,
    aplicacaoId: input.aplicacaoId,
    nome: input.nome?.trim() ? input.nome.trim().slice(0, 200) : null,
    telefone: input.telefone,
    cpf: null,
    dataNascimento: null,
    sexo: null,
    email: null,
    bairro: null,
    cidade: null,
    criadoEm: input.at,
    atualizadoEm: input.at,
    versao: 1,
  };
}

/** 11 digits with valid check digits ("123.456.789-09" accepted), or undefined. All-equal digits are not a CPF. */
export function normalizeCpf(raw: string): string | undefined {
  const digits = raw.replace(/[.\-\s]/g, '');
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return undefined;
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(digits[9]) && check(10) === Number(digits[10]) ? digits : undefined;
}

/** A real calendar date YYYY-MM-DD, not in the future (relative to `today`, YYYY-MM-DD). */
export function isBirthDate(value: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && value >= '1900-01-01' && value <= today;
}

/** A birth date as a patient or an application gives it at `now` (null and absent pass), or a 400 naming `dataNascimento`. */
export function checkBirthDate(value: string | null | undefined, now: Date): void {
  if (value && !isBirthDate(value, localDateTime(now).slice(0, 10))) {
    throw invalid('dataNascimento must be a real date YYYY-MM-DD, not in the future', 'dataNascimento');
  }
}

/** The fields a POST may give; an absent field keeps its stored value, an explicit null clears it (telefone cannot be cleared). */
export interface PatientInput {
  telefone: string;
  nome?: string | null;
  cpf?: string | null;
  dataNascimento?: string | null;
  sexo?: Sexo | null;
  email?: string | null;
  bairro?: string | null;
  cidade?: string | null;
}

const editable = ['nome', 'cpf', 'dataNascimento', 'sexo', 'email', 'bairro', 'cidade'] as const;

/** The patient after applying `input` (a new one when `current` is undefined). */
export function applyPatientInput(
  current: Patient | undefined,
  input: PatientInput,
  base: { id: number; aplicacaoId: number; at: string },
): Patient {
  const next: Patient = current
    ? { ...current, telefone: input.telefone, atualizadoEm: base.at, versao: current.versao + 1 }
    : { ...patientFromMessage({ id: base.id, aplicacaoId: base.aplicacaoId, telefone: input.telefone, nome: null, at: base.at }) };
  for (const field of editable) {
    const value = input[field];
    if (value !== undefined) (next as unknown as Record<string, unknown>)[field] = value;
  }
  return next;
}

/** How an upsert finds its patient: by phone, else by CPF; a phone and a CPF of two different patients is a conflict. */
export function matchPatient(byPhone: Patient | undefined, byCpf: Patient | undefined): Patient | undefined {
  if (byPhone && byCpf && byPhone.id !== byCpf.id) {
    throw conflict('telefone and cpf belong to two different patients');
  }
  return byPhone ?? byCpf;
}

export interface PatientFilters {
  telefone?: string;
  cpf?: string;
  /** A prefix of the folded name. */
  nome?: string;
}

export type PatientWriteRefusal = 'telefone' | 'cpf' | 'changed';

export interface PatientRepository {
  newId(): Promise<number>;
  get(aplicacaoId: number, id: number): Promise<Patient | undefined>;
  findByPhone(aplicacaoId: number, telefone: string): Promise<Patient | undefined>;
  findByCpf(aplicacaoId: number, cpf: string): Promise<Patient | undefined>;
  /** The patient with its lookups, or the lookup that another patient took. */
  create(patient: Patient): Promise<CommitOutcome<PatientWriteRefusal>>;
  /** Conditioned on `before.versao`; the lookups moved when the phone or the CPF changed. */
  update(before: Patient, after: Patient): Promise<CommitOutcome<PatientWriteRefusal>>;
  page(aplicacaoId: number, filters: PatientFilters, page: number, size: number): Promise<{ content: Patient[]; total: number }>;
}

const MAX_ATTEMPTS = 5;

/** The patient of a phone, created (with `nome`) when there is none; two first logins at once end with one patient. */
export async function patientOfPhone(
  repo: PatientRepository,
  aplicacaoId: number,
  input: { telefone: string; nome: string | null },
  at: string,
): Promise<Patient> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const found = await repo.findByPhone(aplicacaoId, input.telefone);
    if (found) return found;
    const patient = patientFromMessage({ id: await repo.newId(), aplicacaoId, telefone: input.telefone, nome: input.nome, at });
    const result = await repo.create(patient);
    if (result.committed) return patient;
    if (result.refusals.length === 0 && !result.raced) throw result.error;
  }
  throw conflict('The patient is being created concurrently; try again');
}

/**
 * Creates or updates the patient of a phone (or CPF): 'created' or 'updated' with the patient. Two
 * requests for one new phone at once end with one patient: the loser of the phone lookup reads again
 * and updates; an update that loses the version race reads again too.
 */
export async function upsertPatient(
  repo: PatientRepository,
  aplicacaoId: number,
  input: PatientInput,
  at: string,
): Promise<{ outcome: 'created' | 'updated'; patient: Patient }> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const [byPhone, byCpf] = await Promise.all([
      repo.findByPhone(aplicacaoId, input.telefone),
      input.cpf ? repo.findByCpf(aplicacaoId, input.cpf) : Promise.resolve(undefined),
    ]);
    const current = matchPatient(byPhone, byCpf);
    const patient = applyPatientInput(current, input, { id: current?.id ?? (await repo.newId()), aplicacaoId, at });
    const result = current ? await repo.update(current, patient) : await repo.create(patient);
    if (result.committed) return { outcome: current ? 'updated' : 'created', patient };
    if (result.refusals.length === 0 && !result.raced) throw result.error;
    if (current && result.refusals.includes('cpf')) throw conflict('cpf belongs to another patient');
    if (current && result.refusals.includes('telefone')) throw conflict('telefone belongs to another patient');
    // A concurrent request created the patient (its phone or CPF is taken now), or the patient changed meanwhile: read again.
  }
  throw conflict('The patient is being changed concurrently; try again');
}

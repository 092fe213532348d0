// Patients (pacientes) of an application: one record per phone (and per CPF when known), created by
// the v2 API or by a patient's first WhatsApp message, read by the patient app and the appointments.
// CPF and phone are personal data: they never go into logs.

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
  (nome ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

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

// DynamoDB patients (docs/data-model.md, patterns 28-28b; keys in shared/db/keys.ts).
import * as keys from '#shared/db/keys';
import { putNew } from '#shared/db/unit-of-work';
import { foldName, type Patient } from '#shared/domain/patients';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';

type Item = Record<string, unknown>;

/** The patient item with its name-ordered index entry. */
export const patientItem = (p: Patient): Item => ({
  ...keys.patient(p.aplicacaoId, p.id),
  ...keys.patientListing(p.aplicacaoId, foldName(p.nome), p.id),
  tipo: 'PACIENTE',
  ...p,
});

/** The writes that create a patient: the item and its phone (and CPF) lookups, each unique per application. */
export function newPatientWrites<R>(p: Patient, refusal?: R): ConditionalWrite<R>[] {
  return [
    putNew(patientItem(p), refusal),
    putNew({ ...keys.patientByPhone(p.aplicacaoId, p.telefone), tipo: 'PACFONE', pacienteId: p.id }, refusal),
    ...(p.cpf ? [putNew({ ...keys.patientByCpf(p.aplicacaoId, p.cpf), tipo: 'PACCPF', pacienteId: p.id }, refusal)] : []),
  ];
}

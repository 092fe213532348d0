// /api/v4/saude/perfil: the patient record (pattern 28, the same record as v2 `pacientes`) of the
// token's patient. Name, sex, birth date, neighbourhood and city are editable; phone and CPF are shown
// (CPF masked) and change only through the application. PUT changes the fields sent and answers the
// whole profile. Personal data never goes into logs.
import type * as z from 'zod/mini';
import { dynamoPatientRepository } from '#shared/db/patients';
import { conflict, notFound } from '#shared/domain/errors';
import { maskCpf } from '#shared/domain/masking';
import { checkBirthDate, type Patient } from '#shared/domain/patients';
import { refuseChanges } from '#shared/domain/validation';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { patientOf } from './scope.ts';
import { profileBody } from './requests.ts';
import type { patientProfile, patientAppContract } from './contract.ts';

const patients = dynamoPatientRepository();

/** Shown but not editable here: a change is refused by name rather than silently dropped. */
const readOnly = ['id', 'telefone', 'cpf', 'atualizadoEm'] as const;

export const profileView = (p: Patient): z.output<typeof patientProfile> => ({
  id: p.id,
  nome: p.nome,
  sexo: p.sexo,
  dataNascimento: p.dataNascimento,
  bairro: p.bairro,
  cidade: p.cidade,
  telefone: p.telefone,
  cpf: maskCpf(p.cpf),
  atualizadoEm: localDateTime(new Date(p.atualizadoEm)),
});

async function ownRecord(aplicacaoId: number, pacienteId: number): Promise<Patient> {
  const patient = await patients.get(aplicacaoId, pacienteId);
  if (!patient) throw notFound('patient');
  return patient;
}

const MAX_ATTEMPTS = 5;

export const profileOperations: Operations<'patient-app', typeof patientAppContract> = {
  'GET /api/v4/saude/perfil': async (request) => {
    const { aplicacaoId, pacienteId } = patientOf(request);
    return json(200, profileView(await ownRecord(aplicacaoId, pacienteId)));
  },

  'PUT /api/v4/saude/perfil': async (request) => {
    const { aplicacaoId, pacienteId } = patientOf(request);
    refuseChanges(request.body, readOnly, profileView(await ownRecord(aplicacaoId, pacienteId)), 'in the app');
    const body = validate(profileBody, request.body ?? {});
    checkBirthDate(body.dataNascimento, new Date());
    // Conditioned on the version read: a concurrent change (the application's v2 upsert) is re-read, never overwritten.
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const current = await ownRecord(aplicacaoId, pacienteId);
      const next: Patient = { ...current, ...body, atualizadoEm: new Date().toISOString(), versao: current.versao + 1 };
      const result = await patients.update(current, next);
      if (result.committed) return json(200, profileView(next));
      if (!result.raced && !result.refusals.includes('changed')) throw result.error;
    }
    throw conflict('The profile is being changed concurrently; try again');
  },
};

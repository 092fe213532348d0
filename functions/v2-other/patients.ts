// /api/external/v2/pacientes: the application's patients. POST creates (201) or updates (200) the
// patient of a phone, or of a CPF; GET lists them by name with exact telefone/cpf filters and a name
// prefix. CPF and phone are personal data: they are never logged.
import type * as z from 'zod/mini';
import { dynamoPatientRepository } from '#shared/db/patients';
import { invalid } from '#shared/domain/errors';
import { checkBirthDate, normalizeCpf, upsertPatient, type Patient, type PatientFilters } from '#shared/domain/patients';
import { phoneField } from '#shared/domain/phone';
import { localDateTime } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { validate } from '#shared/http/validation';
import { pageOf } from '#shared/domain/paging';
import { patientBody, listQuery } from './requests.ts';
import type { patient, v2OtherContract } from './contract.ts';

const patients = dynamoPatientRepository();

const cpfOf = (value: string) => {
  const cpf = normalizeCpf(value);
  if (!cpf) throw invalid('cpf must be a valid CPF (11 digits with correct check digits)', 'cpf');
  return cpf;
};

export const patientView = (p: Patient): z.output<typeof patient> => ({
  id: p.id,
  nome: p.nome,
  telefone: p.telefone,
  cpf: p.cpf,
  dataNascimento: p.dataNascimento,
  sexo: p.sexo,
  email: p.email,
  bairro: p.bairro,
  cidade: p.cidade,
  criadoEm: localDateTime(new Date(p.criadoEm)),
  atualizadoEm: localDateTime(new Date(p.atualizadoEm)),
});

export const patientOperations: Operations<'v2-other', typeof v2OtherContract> = {
  'POST /api/external/v2/pacientes': async (request) => {
    const body = validate(patientBody, request.body ?? {});
    checkBirthDate(body.dataNascimento, new Date());
    const input = {
      ...body,
      telefone: phoneField(body.telefone, 'telefone'),
      cpf: body.cpf === undefined || body.cpf === null ? body.cpf : cpfOf(body.cpf),
      email: body.email === undefined || body.email === null ? body.email : body.email.toLowerCase(),
    };
    const { outcome, patient } = await upsertPatient(patients, request.principal.aplicacaoId, input, new Date().toISOString());
    return json(outcome === 'created' ? 201 : 200, patientView(patient));
  },

  'GET /api/external/v2/pacientes': async (request) => {
    const paging = readPaging(request.query);
    const query = validate(listQuery, { telefone: request.query.telefone, cpf: request.query.cpf, nome: request.query.nome }, 'query');
    const filters: PatientFilters = {
      telefone: query.telefone === undefined ? undefined : phoneField(query.telefone, 'telefone'),
      cpf: query.cpf === undefined ? undefined : cpfOf(query.cpf),
      nome: query.nome,
    };
    const { content, total } = await patients.page(request.principal.aplicacaoId, filters, paging.page, paging.size);
    return json(200, pageOf(content.map(patientView), total, paging));
  },
};

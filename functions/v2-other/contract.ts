// Contract of the v2 group of messages, attendances and patients (OAuth2 client credentials).
import * as z from 'zod/mini';
import { sexos } from '#shared/domain/patients';
import { pagingQuery } from '#shared/http/paging';
import { scheduledSendBody } from '#shared/operations/scheduled-sends';
import { described, id, idempotencyKeyHeader, named, ok, timestamp, v2Page, type GroupContract } from '#shared/http/contract/kit';
import { attendance, scheduledSendDescription, scheduledSendResponses, sendErrors } from '#shared/http/contract/resources';
import { listQuery as patientListQuery, patientBody } from './requests.ts';

const attendancePage = named('AttendancePage', v2Page(attendance));

// ---------------------------------------------------------------------------------------------
// Patients (functions/v2-other/patients.ts, patientView)

export const patient = named(
  'V2Patient',
  z.object({
    id,
    nome: z.nullable(z.string()),
    telefone: described(z.string(), '+E.164, unique within the application.'),
    cpf: described(z.nullable(z.string()), '11 digits, unique within the application.'),
    dataNascimento: described(z.nullable(z.string()), 'YYYY-MM-DD.'),
    sexo: z.nullable(z.enum(sexos)),
    email: z.nullable(z.string()),
    bairro: z.nullable(z.string()),
    cidade: z.nullable(z.string()),
    criadoEm: timestamp,
    atualizadoEm: timestamp,
  }),
  'A patient of the application.',
);

export const v2OtherContract = {
  'POST /api/external/v2/mensagens': {
    summary: 'Send a WhatsApp message',
    description: `Same operation and answers as \`POST /api/external/messages/send\`, scheduling included.\n\n${scheduledSendDescription}`,
    body: scheduledSendBody,
    headers: [idempotencyKeyHeader],
    responses: scheduledSendResponses,
    errors: sendErrors,
  },
  'GET /api/external/v2/atendimentos/fila': {
    summary: 'Attendances waiting in the queue (FILA)',
    description: 'Oldest first; paged (`page` from 0, `size` 1 to 100, default 20).',
    query: pagingQuery,
    responses: { 200: ok('One page of attendances in FILA.', attendancePage) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/external/v2/atendimentos/em-andamento': {
    summary: 'Attendances a human is handling (EM_ANDAMENTO)',
    description: 'Oldest first; paged (`page` from 0, `size` 1 to 100, default 20).',
    query: pagingQuery,
    responses: { 200: ok('One page of attendances in EM_ANDAMENTO.', attendancePage) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/external/v2/atendimentos/{id}/escalar': {
    summary: 'Escalate an attendance to a human',
    description:
      'BOT moves to FILA. Idempotent: an attendance already with the humans (FILA, EM_ANDAMENTO) is answered unchanged. A closed one (ENCERRADO) is a 409. ' +
      'An attendance of another application is the same 404 as an unknown one.',
    responses: { 200: ok('The attendance after the escalation.', attendance) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/external/v2/pacientes': {
    summary: 'List the application’s patients',
    description:
      'Sorted by name; paged (`page` from 0, `size` 1 to 100, default 20). `telefone` and `cpf` are exact filters (normalised first: 400 when ' +
      'not a phone or a valid CPF), `nome` a prefix of the name (case and accents ignored).',
    query: z.object({ ...pagingQuery.shape, ...patientListQuery.shape }),
    responses: { 200: ok('One page of patients.', named('V2PatientPage', v2Page(patient))) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/external/v2/pacientes': {
    summary: 'Create or update the patient of a phone (or CPF)',
    description:
      'The patient is found by `telefone`, else by `cpf`: found, it is updated (200), else created (201). An absent field keeps its stored value, ' +
      'an explicit null clears it. `telefone` is normalised to +E.164, `cpf` must have valid check digits, `dataNascimento` is a real date ' +
      'YYYY-MM-DD not in the future (400 naming the field). A phone and a CPF of two different patients, or a CPF or phone that belongs to ' +
      'another patient, is a 409.',
    body: patientBody,
    responses: {
      200: ok('The updated patient.', patient),
      201: ok('The new patient.', patient),
    },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
} satisfies GroupContract<'v2-other'>;

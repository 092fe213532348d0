// Contract of the external API v2 (OAuth2 bearer token): appointments (group v2-appointments), and the
// send, the attendances and the patients (group v2-other).
import * as z from 'zod/mini';
import { listQuery as appointmentListQuery } from '#functions/v2-appointments/handler';
import { listQuery as patientListQuery, patientBody } from '#functions/v2-other/patients';
import { actorKinds, appointmentStatuses } from '#shared/domain/appointments/state-machine';
import { createSchema, patchSchema } from '#shared/domain/appointments/inputs';
import { attendanceStatuses } from '#shared/domain/attendances';
import { sexos } from '#shared/domain/patients';
import { pagingQuery } from '#shared/http/paging';
import { sendBody } from '#shared/operations/send-message';
import { described, id, idempotencyKeyHeader, named, ok, timestamp, v2Page, type GroupContract } from './kit.ts';
import { sendDescription, sendErrors, sendResponses } from './messages.ts';

// ---------------------------------------------------------------------------------------------
// Appointments (shared/domain/appointments.ts, appointmentView); also the payload of the outbound events.

const appointmentStatus = z.enum(appointmentStatuses);

export const appointmentHistoryEntry = named(
  'AppointmentHistoryEntry',
  z.object({
    de: z.nullable(appointmentStatus),
    para: appointmentStatus,
    em: timestamp,
    por: z.object({
      tipo: z.enum(actorKinds),
      id: described(
        z.nullable(z.union([z.string(), id])),
        'Who, within the kind: the OAuth client id (cliente), the provider credential id (prestador), the inbound message id (paciente), the flow run or null (fluxo), the portal user id (operador: a move from the admin panel).',
      ),
    }),
    observacao: described(
      z.nullable(z.string()),
      'The PATCH `observacao` (cancellation reason), the /execucao `observacao`, or the flow’s error text.',
    ),
  }),
  'One move of an appointment (the creation has `de` null).',
);

const optionalText = z.nullable(z.string());

export const appointment = named(
  'Appointment',
  z.object({
    id,
    pacienteTelefone: described(z.string(), 'The patient’s phone in +E.164.'),
    procedimento: z.string(),
    pacienteNome: optionalText,
    pacienteCpf: optionalText,
    prestador: optionalText,
    numeroPedido: optionalText,
    dataLimiteRetirada: optionalText,
    localRetirada: optionalText,
    observacoes: optionalText,
    medicoSolicitante: optionalText,
    status: appointmentStatus,
    criadoEm: timestamp,
    atualizadoEm: timestamp,
    historico: described(z.array(appointmentHistoryEntry), 'Every move, oldest first.'),
    pendencia: described(
      z.nullable(z.string()),
      'What the communication flow is waiting for (no balance, no template), in words; null when nothing.',
    ),
  }),
  'An appointment (agendamento) of the application. Optional text fields are null when not given.',
);

const appointmentList = { ...pagingQuery.shape, ...appointmentListQuery.shape };

export const v2AppointmentsContract: GroupContract<'v2-appointments'> = {
  'GET /api/external/v2/agendamentos': {
    summary: 'List the application’s appointments',
    description: 'Paged (`page` from 0, `size` 1 to 100, default 20), optionally filtered by `status`.',
    query: z.object(appointmentList),
    responses: { 200: ok('One page of appointments.', named('AppointmentPage', v2Page(appointment))) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/external/v2/agendamentos/{id}': {
    summary: 'Read one appointment',
    description: 'An appointment of another application is the same 404 as an unknown one.',
    responses: { 200: ok('The appointment.', appointment) },
    errors: { 404: ['not_found'] },
  },
  'POST /api/external/v2/agendamentos': {
    summary: 'Create an appointment',
    description:
      '`pacienteTelefone` and `procedimento` are required (400 naming the field when missing or blank); the phone is normalised to +E.164. ' +
      'A `status` in the body is ignored: a new appointment is always IMPORTADO and the communication flow takes it from there. ' +
      'Optional text fields that are absent, null or blank are stored as null. `prestador` (the provider’s id or registered name) ' +
      'links the appointment to that provider for /execucao and the outbound webhooks; that provider may have only one open appointment per ' +
      '`numeroPedido` (409).',
    body: createSchema,
    responses: { 201: ok('The new appointment, IMPORTADO.', appointment) },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
  'PATCH /api/external/v2/agendamentos/{id}': {
    summary: 'Confirm or cancel an appointment',
    description:
      '`status` must be CONFIRMADO or CANCELADO (any other status: 422). `observacao` is kept in the history (the cancellation reason). ' +
      'Allowed from any open state; repeating the current status is a 200 no-op (no second event). ' +
      'A closed appointment (CANCELADO, REALIZADO, FALTOU) answers 409. A move into CONFIRMADO or CANCELADO sends AGENDAMENTO_CONFIRMADO or ' +
      'AGENDAMENTO_CANCELADO to the provider’s webhooks.',
    body: patchSchema,
    responses: { 200: ok('The appointment after the update.', appointment) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'], 422: ['unprocessable_entity'] },
  },
};

// ---------------------------------------------------------------------------------------------
// Attendances (shared/operations/attendances.ts, attendanceView)

export const attendance = named(
  'Attendance',
  z.object({
    id,
    status: z.enum(attendanceStatuses),
    paciente: z.object({ id, nome: z.nullable(z.string()), telefone: described(z.string(), '+E.164') }),
    setor: z.object({ id, codigo: z.nullable(z.string()), nome: z.nullable(z.string()) }),
    atendenteId: described(z.nullable(id), 'The portal user who took it.'),
    mensagens: described(z.int(), 'The patient’s messages in this attendance.'),
    criadoEm: timestamp,
    filaDesde: z.nullable(timestamp),
    assumidoEm: z.nullable(timestamp),
    encerradoEm: z.nullable(timestamp),
    ultimaMensagemEm: timestamp,
    esperaSegundos: described(z.nullable(z.int()), 'Seconds in the queue so far; only while FILA.'),
  }),
  'A patient’s conversation with the application (BOT, FILA, EM_ANDAMENTO, ENCERRADO).',
);
const attendancePage = named('AttendancePage', v2Page(attendance));

// ---------------------------------------------------------------------------------------------
// Patients (functions/v2-other/patients.ts, patientView)

const patient = named(
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

export const v2OtherContract: GroupContract<'v2-other'> = {
  'POST /api/external/v2/mensagens': {
    summary: 'Send a WhatsApp message',
    description: `Same operation and answers as \`POST /api/external/messages/send\`.\n\n${sendDescription}`,
    body: sendBody,
    headers: [idempotencyKeyHeader],
    responses: sendResponses,
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
};

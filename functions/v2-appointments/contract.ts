// Contract of the v2 appointments group (OAuth2 client credentials, agendamentos:read / agendamentos:write).
import * as z from 'zod/mini';
import { createSchema, patchSchema } from '#shared/domain/appointments/inputs';
import { pagingQuery } from '#shared/http/paging';
import { named, ok, v2Page, type GroupContract } from '#shared/http/contract/kit';
import { appointment } from '#shared/http/contract/resources';
import { listQuery as appointmentListQuery } from './requests.ts';

const appointmentList = { ...pagingQuery.shape, ...appointmentListQuery.shape };

export const v2AppointmentsContract = {
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
} satisfies GroupContract<'v2-appointments'>;

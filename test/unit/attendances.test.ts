import { describe, expect, it } from 'vitest';
import { asksForHuman, decide, escalationWords, openAttendance, since, type Attendance } from '#shared/domain/attendances';

const at = '2026-11-23T12:00:00.000Z';
const later = '2026-11-23T12:05:00.000Z';

const fresh = (asksForHuman = false): Attendance =>
  openAttendance({ id: 10, aplicacaoId: 1, pacienteId: 5, telefone: '+5511987654321', setorId: 1, at, asksForHuman });

const moved = (a: Attendance, ...actions: Parameters<typeof decide>[1][]): Attendance =>
  actions.reduce((current, action) => {
    const d = decide(current, action, later);
    return d.kind === 'move' ? d.next : current;
  }, a);

describe('opening an attendance', () => {
  it('starts in BOT, or in FILA with its queue time when the first message asks for a human', () => {
    expect(fresh()).toMatchObject({ status: 'BOT', filaDesde: null, mensagens: 1 });
    expect(fresh(true)).toMatchObject({ status: 'FILA', filaDesde: at });
    expect(fresh(true).historico.map((h) => h.para)).toEqual(['BOT', 'FILA']);
  });
});

describe('moves', () => {
  it('escalates BOT to FILA, and is a no-op once with the humans', () => {
    const queued = moved(fresh(), { kind: 'escalar', by: 'api' });
    expect(queued).toMatchObject({ status: 'FILA', filaDesde: later });
    expect(since(queued)).toBe(later);
    expect(decide(queued, { kind: 'escalar', by: 'api' }, later)).toEqual({ kind: 'unchanged' });
    const taken = moved(queued, { kind: 'assumir', usuarioId: 7 });
    expect(decide(taken, { kind: 'escalar', by: 'paciente' }, later)).toEqual({ kind: 'unchanged' });
  });

  it('refuses to escalate or take a closed attendance (409), and closing twice changes nothing', () => {
    const closed = moved(fresh(), { kind: 'encerrar', usuarioId: 7 });
    expect(closed.status).toBe('ENCERRADO');
    expect(() => decide(closed, { kind: 'escalar', by: 'api' }, later)).toThrow(expect.objectContaining({ kind: 'conflict' }));
    expect(() => decide(closed, { kind: 'assumir', usuarioId: 7 }, later)).toThrow(expect.objectContaining({ kind: 'conflict' }));
    expect(decide(closed, { kind: 'encerrar', usuarioId: 8 }, later)).toEqual({ kind: 'unchanged' });
  });

  it('lets one attendant take it: the same one again is a no-op, another one a conflict', () => {
    const taken = moved(fresh(true), { kind: 'assumir', usuarioId: 7 });
    expect(taken).toMatchObject({ status: 'EM_ANDAMENTO', atendenteId: 7, assumidoEm: later });
    expect(decide(taken, { kind: 'assumir', usuarioId: 7 }, later)).toEqual({ kind: 'unchanged' });
    expect(() => decide(taken, { kind: 'assumir', usuarioId: 8 }, later)).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });

  it('records every move in the history, in order, with who made it', () => {
    const closed = moved(fresh(), { kind: 'escalar', by: 'api' }, { kind: 'assumir', usuarioId: 7 }, { kind: 'encerrar', usuarioId: 7 });
    expect(closed.historico.map((h) => [h.de, h.para, h.por])).toEqual([
      [null, 'BOT', 'paciente'],
      ['BOT', 'FILA', 'api'],
      ['FILA', 'EM_ANDAMENTO', 'usuario'],
      ['EM_ANDAMENTO', 'ENCERRADO', 'usuario'],
    ]);
  });
});

describe('asking for a human', () => {
  const words = escalationWords(undefined);

  it.each([
    ['Quero falar com um ATENDENTE!', true],
    ['um humano, por favor', true],
    ['Humano?', true],
    ['quero falar com alguém', true],
    ['atendimento de ontem', false],
    ['desumano', false],
    ['', false],
  ])('%j -> %s', (text, expected) => {
    expect(asksForHuman(text, words)).toBe(expected);
  });

  it('uses the configured list instead of the default one', () => {
    const configured = escalationWords('Recepção, falar com a clínica');
    expect(asksForHuman('quero a recepcao', configured)).toBe(true);
    expect(asksForHuman('Falar com a Clínica', configured)).toBe(true);
    expect(asksForHuman('atendente', configured)).toBe(false);
    expect(escalationWords(' , ')).toEqual(escalationWords(undefined));
  });
});

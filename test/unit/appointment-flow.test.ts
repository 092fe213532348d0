// The communication flow's decisions: which phones can be written to, when an appointment is due
// next, whether its reminder waits for the send window, what a patient's reply means, and the
// application's settings.
import { describe, expect, it } from 'vitest';
import {
  appointmentOfButton,
  buttonPayload,
  defaultReplyWords,
  flowSettingsFor,
  interpretReply,
  isWhatsappPhone,
  mayBeReply,
  nextDue,
  parseDeadline,
  parseFlowSettings,
  reminderHeldUntil,
} from '#shared/domain/appointment-flow';
import { DomainError } from '#shared/domain/errors';

const settings = flowSettingsFor(undefined, { lembreteAntesSegundos: 3600, semRespostaSegundos: 7200 });
const now = new Date('2026-11-23T12:00:00Z'); // 09:00 in Sao Paulo

describe('phones the flow writes to', () => {
  it.each([
    ['+5511987654321', true],
    ['+5521999990000', true],
    ['+551133334444', false], // a landline
    ['+5511887654321', false], // not a mobile prefix
    ['+14155550100', true],
    ['+12', false],
  ])('%s -> %s', (phone, ok) => expect(isWhatsappPhone(phone)).toBe(ok));
});

describe('deadlines', () => {
  it('reads ISO and Brazilian dates in the service time zone (a date alone is the start of its day)', () => {
    expect(parseDeadline('2026-11-25T10:30:00')?.toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(parseDeadline('25/11/2026 10:30')?.toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(parseDeadline('2026-11-25')?.toISOString()).toBe('2026-11-25T03:00:00.000Z');
  });

  it.each(['amanhã', '31/02/2026', '2026-13-01', '', null])('does not guess %s', (text) => expect(parseDeadline(text)).toBeUndefined());
});

describe('the next due time', () => {
  it('processes IMPORTADO and VALIDADO at once, and looks again at SEM_TEMPLATE hourly', () => {
    expect(nextDue({ dataLimiteRetirada: null }, 'IMPORTADO', settings, now)).toEqual({
      vencimento: now.toISOString(),
      passo: 'processar',
    });
    expect(nextDue({ dataLimiteRetirada: null }, 'SEM_TEMPLATE', settings, now)).toEqual({
      vencimento: '2026-11-23T13:00:00.000Z',
      passo: 'processar',
    });
  });

  it('plans the reminder at the deadline minus the lead time, when that is ahead', () => {
    expect(nextDue({ dataLimiteRetirada: '2026-11-24T09:00:00' }, 'ENVIADO', settings, now)).toEqual({
      vencimento: '2026-11-24T11:00:00.000Z',
      passo: 'lembrete',
    });
  });

  it('goes straight to the no-reply deadline without a reminder to send', () => {
    const noReply = { vencimento: '2026-11-23T14:00:00.000Z', passo: 'sem_resposta' };
    expect(nextDue({ dataLimiteRetirada: null }, 'ENVIADO', settings, now)).toEqual(noReply);
    expect(nextDue({ dataLimiteRetirada: '2026-11-23T09:30:00' }, 'ENVIADO', settings, now)).toEqual(noReply);
    expect(nextDue({ dataLimiteRetirada: 'sem data' }, 'ENVIADO', settings, now)).toEqual(noReply);
    expect(nextDue({ dataLimiteRetirada: '2026-11-24T09:00:00' }, 'AVISO_ENVIADO', settings, now)).toEqual(noReply);
  });

  it.each(['CONFIRMADO', 'CANCELADO', 'NAO_RESPONDEU', 'ERRO', 'REALIZADO', 'FALTOU'] as const)('leaves %s alone', (status) => {
    expect(nextDue({ dataLimiteRetirada: '2026-11-24T09:00:00' }, status, settings, now)).toBeNull();
  });
});

describe('quiet hours: the reminder and the send window', () => {
  /** A São Paulo local date-time (UTC-3) as the instant it names. */
  const sp = (local: string) => new Date(`${local}-03:00`);

  it('goes out when due inside the window (default 08:00-20:00), to the second', () => {
    expect(reminderHeldUntil(settings, sp('2026-11-23T08:00:00'))).toBeUndefined();
    expect(reminderHeldUntil(settings, sp('2026-11-23T14:00:00'))).toBeUndefined();
    expect(reminderHeldUntil(settings, sp('2026-11-23T19:59:59'))).toBeUndefined();
  });

  it('waits for the next opening when due outside it: the same morning before 08:00, the next one from 20:00', () => {
    expect(reminderHeldUntil(settings, sp('2026-11-23T22:00:00'))).toEqual(sp('2026-11-24T08:00:00'));
    expect(reminderHeldUntil(settings, sp('2026-11-23T20:00:00'))).toEqual(sp('2026-11-24T08:00:00'));
    expect(reminderHeldUntil(settings, sp('2026-11-24T00:00:00'))).toEqual(sp('2026-11-24T08:00:00'));
    expect(reminderHeldUntil(settings, sp('2026-11-24T07:59:59'))).toEqual(sp('2026-11-24T08:00:00'));
  });

  it('follows the application`s own window', () => {
    const own = flowSettingsFor({ horarioEnvioInicio: '09:30', horarioEnvioFim: '22:30' }, settings);
    expect(reminderHeldUntil(own, sp('2026-11-23T22:00:00'))).toBeUndefined();
    expect(reminderHeldUntil(own, sp('2026-11-23T09:00:00'))).toEqual(sp('2026-11-23T09:30:00'));
    expect(reminderHeldUntil(own, sp('2026-11-23T22:30:00'))).toEqual(sp('2026-11-24T09:30:00'));
  });

  it('does not move the reminder`s planned time: the hold is decided when it is due, with the settings then', () => {
    expect(nextDue({ dataLimiteRetirada: '2026-11-23T23:00:00' }, 'ENVIADO', settings, now)).toEqual({
      vencimento: '2026-11-24T01:00:00.000Z', // 22:00 in Sao Paulo
      passo: 'lembrete',
    });
  });
});

describe('replies', () => {
  it.each([
    ['Confirmar', 'confirmou'],
    ['1', 'confirmou'],
    [' SIM! ', 'confirmou'],
    ['não', 'cancelou'],
    ['Cancelar.', 'cancelou'],
    ['PARAR', 'optout'],
    ['sim, mas posso ir amanhã?', undefined],
    ['', undefined],
  ])('%j means %s', (text, meaning) => expect(interpretReply(text, settings)).toBe(meaning));

  it('rules out a message longer than any reply word before the settings are read', () => {
    expect(mayBeReply('Bom dia, gostaria de saber se posso retirar o exame amanhã de manhã?')).toBe(false);
    expect(mayBeReply(`sim${'!'.repeat(80)}`)).toBe(true); // final punctuation does not count
    expect(mayBeReply('   ')).toBe(false);
    expect(mayBeReply('Confirmar')).toBe(true);
  });

  it('uses the application`s own words', () => {
    const own = flowSettingsFor({ palavrasConfirmar: ['vou'] }, settings);
    expect(interpretReply('Vou', own)).toBe('confirmou');
    expect(interpretReply('sim', own)).toBeUndefined();
  });

  it('reads the appointment back from a button payload, and nothing else', () => {
    expect(appointmentOfButton(buttonPayload(42, 1))).toBe(42);
    expect(appointmentOfButton('CONFIRMAR')).toBeUndefined();
    expect(appointmentOfButton('agendamento:99999999999999999:0')).toBeUndefined();
  });
});

describe('settings', () => {
  /** The field a refused update names. */
  const refusedField = (body: unknown, current = settings) => {
    try {
      parseFlowSettings(body, current);
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('validation');
      return (error as DomainError).details.field;
    }
    throw new Error('not refused');
  };

  it('reads the defaults for what the application left out, the send window 08:00-20:00 too', () => {
    expect(settings).toMatchObject({ horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' });
    // Settings stored before the window existed.
    const stored = { lembreteAntesSegundos: 60, palavrasConfirmar: ['vou'], palavrasCancelar: ['nao'], palavrasOptOut: ['sair'] };
    expect(flowSettingsFor(stored, settings)).toMatchObject({ ...stored, horarioEnvioInicio: '08:00', horarioEnvioFim: '20:00' });
  });

  it('changes the send window, one end or both', () => {
    expect(parseFlowSettings({ horarioEnvioInicio: '07:30', horarioEnvioFim: '22:15' }, settings)).toEqual({
      ...settings,
      horarioEnvioInicio: '07:30',
      horarioEnvioFim: '22:15',
    });
    expect(parseFlowSettings({ horarioEnvioFim: '23:59' }, settings)).toMatchObject({
      horarioEnvioInicio: '08:00',
      horarioEnvioFim: '23:59',
    });
    // The end may be the day's end: a window open all day.
    expect(parseFlowSettings({ horarioEnvioInicio: '00:00', horarioEnvioFim: '24:00' }, settings)).toMatchObject({
      horarioEnvioInicio: '00:00',
      horarioEnvioFim: '24:00',
    });
  });

  it.each(['25:00', '8:00', '08:60', '08:00:00', '24:01', '', 800, null])('refuses a start or end of %j, naming it', (value) => {
    expect(refusedField({ horarioEnvioInicio: value })).toBe('horarioEnvioInicio');
    expect(refusedField({ horarioEnvioFim: value })).toBe('horarioEnvioFim');
  });

  it('refuses 24:00 as a start', () => expect(refusedField({ horarioEnvioInicio: '24:00' })).toBe('horarioEnvioInicio'));

  it('refuses a window that does not open before it closes, once merged with the current settings, naming the field it changed (the end when it sent both)', () => {
    expect(refusedField({ horarioEnvioInicio: '20:00' })).toBe('horarioEnvioInicio'); // the current end is 20:00
    expect(refusedField({ horarioEnvioFim: '08:00' })).toBe('horarioEnvioFim');
    expect(refusedField({ horarioEnvioFim: '07:00' })).toBe('horarioEnvioFim');
    // Both sent: the end is named.
    expect(refusedField({ horarioEnvioInicio: '22:00', horarioEnvioFim: '06:00' })).toBe('horarioEnvioFim'); // across midnight
    expect(refusedField({ horarioEnvioInicio: '10:00', horarioEnvioFim: '10:00' })).toBe('horarioEnvioFim');
    const late = flowSettingsFor({ horarioEnvioInicio: '09:00', horarioEnvioFim: '10:00' }, settings);
    expect(refusedField({ horarioEnvioInicio: '11:00' }, late)).toBe('horarioEnvioInicio');
    expect(parseFlowSettings({ horarioEnvioInicio: '11:00', horarioEnvioFim: '12:00' }, late)).toMatchObject({
      horarioEnvioInicio: '11:00',
      horarioEnvioFim: '12:00',
    });
  });

  it('keeps what the update leaves out', () => {
    expect(parseFlowSettings({ semRespostaSegundos: 60 }, settings)).toEqual({ ...settings, semRespostaSegundos: 60 });
  });

  it('refuses a word that would mean two things, and bad timings', () => {
    expect(() => parseFlowSettings({ palavrasCancelar: [...defaultReplyWords.palavrasCancelar, 'Sim'] }, settings)).toThrow(
      /palavrasConfirmar/,
    );
    expect(() => parseFlowSettings({ semRespostaSegundos: 0 }, settings)).toThrow(/semRespostaSegundos/);
    expect(() => parseFlowSettings({ lembreteAntesSegundos: 1.5 }, settings)).toThrow(/lembreteAntesSegundos/);
  });
});

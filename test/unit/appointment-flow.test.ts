// The communication flow's decisions: which phones can be written to, when an appointment is due
// next, what a patient's reply means, and the application's settings.
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
} from '#shared/domain/appointment-flow';

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

// The appointment communication flow's decisions (docs/appointment-flow.md): whether a record can
// be communicated, when the flow looks at an appointment next, and what a patient's reply means.
// Pure: the clock, the settings and the template come from the caller.
import * as z from 'zod/mini';
import type { Appointment, FlowDue } from '#shared/domain/appointments/records';
import type { AppointmentStatus, PatientReply } from '#shared/domain/appointments/state-machine';
import { foldName } from '#shared/domain/patients';
import { serviceTimeZone } from '#shared/domain/time';
import { parseInput } from '#shared/domain/validation';
import { invalid } from '#shared/domain/errors';
import { defaultSendWindow, insideWindow, windowOpensAt, type SendWindow } from '#shared/domain/quiet-hours';

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The window's end may be the day's end. */
const HH_MM_OR_END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

export interface FlowSettings {
  /** How long before `dataLimiteRetirada` the reminder goes out (once). */
  lembreteAntesSegundos: number;
  /** How long after the last message without a reply the appointment becomes NAO_RESPONDEU. */
  semRespostaSegundos: number;
  /** Replies that confirm, that cancel, and that stop all messages (compared folded: case, accents, spacing). */
  palavrasConfirmar: string[];
  palavrasCancelar: string[];
  palavrasOptOut: string[];
  /** The daily send window (HH:mm, São Paulo) of the campaigns and the reminders (shared/domain/quiet-hours.ts). */
  horarioEnvioInicio: string;
  horarioEnvioFim: string;
}

export const defaultReplyWords = {
  palavrasConfirmar: ['1', 'sim', 'confirmo', 'confirmar', 'confirmado'],
  palavrasCancelar: ['2', 'nao', 'cancelar', 'cancelo', 'cancelado'],
  palavrasOptOut: ['sair', 'parar', 'pare', 'stop', 'descadastrar'],
};

/**
 * An application's settings: its own, and for what it left out the defaults (timings from configuration, short under
 * `npm start`; the words and the send window, 08:00-20:00, the service's). Settings stored before a field existed read
 * as its default.
 */
export const flowSettingsFor = (
  own: Partial<FlowSettings> | undefined,
  timings: Pick<FlowSettings, 'lembreteAntesSegundos' | 'semRespostaSegundos'>,
): FlowSettings => ({ ...timings, ...defaultReplyWords, ...defaultSendWindow, ...own });

const DAY = 86_400;
/** The longest reply word an application may set: a message longer than it, once folded, is no reply. */
export const MAX_REPLY_WORD = 60;
const words = z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_REPLY_WORD))).check(z.maxLength(30));
export const settingsSchema = z.partial(
  z.object({
    lembreteAntesSegundos: z.int().check(z.minimum(0), z.maximum(30 * DAY)),
    semRespostaSegundos: z.int().check(z.minimum(1), z.maximum(30 * DAY)),
    palavrasConfirmar: words,
    palavrasCancelar: words,
    palavrasOptOut: words,
    horarioEnvioInicio: z.string().check(z.regex(HH_MM, { error: 'must be a time HH:mm (00:00 to 23:59)' }), z.maxLength(5)),
    horarioEnvioFim: z.string().check(z.regex(HH_MM_OR_END, { error: 'must be a time HH:mm (00:01 to 24:00)' }), z.maxLength(5)),
  }),
);

/**
 * PUT body over the current settings: the fields it carries replace them; a word may mean only one thing; the send
 * window, once merged, opens before it closes (a window across midnight is not one).
 */
export function parseFlowSettings(body: unknown, current: FlowSettings): FlowSettings {
  const input = parseInput(settingsSchema, body);
  const next = { ...current, ...input };
  if (next.horarioEnvioInicio >= next.horarioEnvioFim) {
    const field = input.horarioEnvioFim === undefined ? 'horarioEnvioInicio' : 'horarioEnvioFim';
    throw invalid(`${field}: the send window must start before it ends (${next.horarioEnvioInicio} to ${next.horarioEnvioFim})`, field);
  }
  const seen = new Map<string, string>();
  for (const field of ['palavrasConfirmar', 'palavrasCancelar', 'palavrasOptOut'] as const) {
    for (const word of next[field]) {
      const folded = foldName(word);
      const other = seen.get(folded);
      if (other && other !== field) throw invalid(`${field} may not hold "${word}": it is in ${other} already`, field);
      seen.set(folded, field);
    }
  }
  return next;
}

// ---------------------------------------------------------------------------------------------
// Validation: IMPORTADO -> VALIDADO or ERRO

/**
 * Whether a phone can receive WhatsApp messages, as far as its form tells: E.164, and for Brazil a
 * mobile number (11 national digits, the subscriber number starting with 9). Whether the number has
 * WhatsApp is only known when the provider answers the send (a refusal makes the appointment ERRO).
 */
export function isWhatsappPhone(telefone: string): boolean {
  if (!/^\+[1-9]\d{7,14}$/.test(telefone)) return false;
  if (telefone.startsWith('+55')) return /^\+55[1-9][1-9]9\d{8}$/.test(telefone);
  return true;
}

/** Why the record cannot be communicated, or null when it can. */
export function validationProblem(a: Pick<Appointment, 'pacienteTelefone' | 'procedimento'>): string | null {
  if (!a.procedimento.trim()) return 'procedimento is empty';
  if (!isWhatsappPhone(a.pacienteTelefone))
    return `pacienteTelefone ${a.pacienteTelefone} is not a mobile number that can receive WhatsApp`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Timing

/**
 * The pick-up deadline as an instant, when its free text is a date the flow can read:
 * `YYYY-MM-DD[THH:mm[:ss]]` or `DD/MM/YYYY[ HH:mm]`, in the service's time zone; a date alone means
 * the start of that day. Anything else: undefined (no reminder).
 */
export function parseDeadline(text: string | null): Date | undefined {
  if (!text) return undefined;
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  const br = /^(\d{2})\/(\d{2})\/(\d{4})(?:\s+(\d{2}):(\d{2}))?$/.exec(text.trim());
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]] : br ? [br[3], br[2], br[1], br[4], br[5], undefined] : undefined;
  if (!parts) return undefined;
  const [y, mo, d, h, mi, s] = parts.map((p) => Number(p ?? 0)) as [number, number, number, number, number, number];
  const guess = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(guess);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  // The zone's offset at that moment (Sao Paulo has no daylight saving today, but the zone database decides).
  return new Date(guess - zoneOffsetMs(new Date(guess)));
}

function zoneOffsetMs(at: Date): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: serviceTimeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute, parts.second);
  return local - Math.floor(at.getTime() / 1000) * 1000;
}

/** How long an appointment in SEM_TEMPLATE waits before the flow looks again (an approval wakes it sooner). */
export const TEMPLATE_RETRY_SECONDS = 3600;

/**
 * When the flow looks next at an appointment that has just entered `status` at `now`, and for what;
 * null when nothing timed is left. IMPORTADO and VALIDADO at once; SEM_TEMPLATE after an hour (an
 * approval wakes it sooner); ENVIADO at its reminder (the deadline minus the lead time, when that is
 * still ahead) or else at its no-reply deadline; AVISO_ENVIADO at its no-reply deadline.
 */
export function nextDue(
  a: Pick<Appointment, 'dataLimiteRetirada'>,
  status: AppointmentStatus,
  settings: Pick<FlowSettings, 'lembreteAntesSegundos' | 'semRespostaSegundos'>,
  now: Date,
): { vencimento: string; passo: FlowDue } | null {
  const after = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  switch (status) {
    case 'IMPORTADO':
    case 'VALIDADO':
      return { vencimento: now.toISOString(), passo: 'processar' };
    case 'SEM_TEMPLATE':
      return { vencimento: after(TEMPLATE_RETRY_SECONDS), passo: 'processar' };
    case 'ENVIADO': {
      const reminder = reminderAt(a, settings);
      if (reminder && reminder > now) return { vencimento: reminder.toISOString(), passo: 'lembrete' };
      return { vencimento: after(settings.semRespostaSegundos), passo: 'sem_resposta' };
    }
    case 'AVISO_ENVIADO':
      return { vencimento: after(settings.semRespostaSegundos), passo: 'sem_resposta' };
    default:
      return null;
  }
}

/**
 * Quiet hours (#36): whether the reminder, due at `now`, waits for the application's send window: undefined when `now`
 * is inside it (it goes out now), else the window's next opening, when the flow looks at it again. Only the reminder
 * waits: the first message and the no-reply deadline keep their time.
 */
export const reminderHeldUntil = (window: SendWindow, now: Date): Date | undefined =>
  insideWindow(window, now) ? undefined : windowOpensAt(window, now);

/** When the reminder of an appointment is due, if it has a readable deadline. */
export function reminderAt(
  a: Pick<Appointment, 'dataLimiteRetirada'>,
  settings: Pick<FlowSettings, 'lembreteAntesSegundos'>,
): Date | undefined {
  const deadline = parseDeadline(a.dataLimiteRetirada);
  return deadline && new Date(deadline.getTime() - settings.lembreteAntesSegundos * 1000);
}

// ---------------------------------------------------------------------------------------------
// Replies

export type ReplyMeaning = PatientReply | 'optout';

/** A message as compared with the reply words: folded, without final punctuation. */
const replyText = (texto: string | null): string =>
  foldName(texto)
    .replace(/[.!?,;:]+$/g, '')
    .trim();

/** Whether a message could be a reply word of any application (folding never lengthens a word), so its settings are worth reading. */
export const mayBeReply = (texto: string | null): boolean => {
  const said = replyText(texto);
  return said.length > 0 && said.length <= MAX_REPLY_WORD;
};

/** What a patient's message means to the flow: its button's title or its text, compared folded with the settings' words. */
export function interpretReply(
  texto: string | null,
  settings: Pick<FlowSettings, 'palavrasConfirmar' | 'palavrasCancelar' | 'palavrasOptOut'>,
): ReplyMeaning | undefined {
  const said = replyText(texto);
  if (!said) return undefined;
  const has = (list: string[]) => list.some((w) => foldName(w) === said);
  if (has(settings.palavrasConfirmar)) return 'confirmou';
  if (has(settings.palavrasCancelar)) return 'cancelou';
  if (has(settings.palavrasOptOut)) return 'optout';
  return undefined;
}

/** The payload a template's quick-reply button carries, so a press names its appointment. */
export const buttonPayload = (agendamentoId: number, index: number): string => `agendamento:${agendamentoId}:${index}`;

/** The appointment a button's payload names, if it is one of ours. */
export function appointmentOfButton(payload: string | undefined): number | undefined {
  const match = /^agendamento:(\d{1,16}):\d{1,2}$/.exec(payload ?? '');
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The flow's own data: an application's flow settings and patients' opt-outs (shared/db/flow.ts). */
export interface FlowStore {
  saveSettings(aplicacaoId: number, settings: FlowSettings): Promise<void>;
  optOut(aplicacaoId: number, telefone: string, palavra: string, em: string): Promise<void>;
  /** When the patient opted out (ISO instant), if they did. */
  optedOut(aplicacaoId: number, telefone: string): Promise<string | undefined>;
}

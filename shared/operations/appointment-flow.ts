// The appointment communication flow (docs/appointment-flow.md): what happens when an appointment
// is due. Work arrives on the appointment-flow queue: from the create (at once), from an approved
// template (the appointments waiting for it) and from the every-minute sweep (whatever the due index,
// pattern 34, says is due). Each step is a move of the state machine written conditioned on the
// status read; a notification's move commits in the same transaction as its debit, so two workers
// on one appointment send and charge once.
import type { QueuePort } from '#shared/adapters/ports';
import type { AppointmentRepository } from '#shared/domain/appointments/repository';
import type { FlowStore } from '#shared/domain/appointment-flow';
import type { OutboundEventRepository } from '#shared/domain/outbound-webhooks/outbox';
import type { TemplateRepository } from '#shared/domain/templates';
import {
  TEMPLATE_RETRY_SECONDS,
  buttonPayload,
  flowSettingsFor,
  nextDue,
  reminderHeldUntil,
  validationProblem,
  type FlowSettings,
} from '#shared/domain/appointment-flow';
import { decideTransition, type AppointmentStatus, type FlowStep } from '#shared/domain/appointments/state-machine';
import { moveAppointment } from '#shared/domain/appointments/moves';
import type { Appointment, FlowDue, HistoryEntry } from '#shared/domain/appointments/records';
import type { Application } from '#shared/domain/applications/records';
import { DomainError } from '#shared/domain/errors';
import { sendMessage, type SendDeps } from '#shared/operations/send-message';
import { fillTemplate, type Template } from '#shared/domain/templates';
import { localDateTime, systemClock, type Clock } from '#shared/domain/time';
import { attemptMove, retryRaces } from '#shared/operations/appointment-moves';
import { log } from '#shared/log';
import { putMetric } from '#shared/metrics';
import { sendTimeoutSeconds } from '#shared/domain/send-budget';
import { pushToPatient, type PushDeps } from '#shared/operations/app-chat';

export interface FlowDeps {
  appointments: AppointmentRepository;
  events: OutboundEventRepository;
  templates: TemplateRepository;
  applications: { getApplication(id: number): Promise<Application | undefined> };
  flow: FlowStore;
  /** Where a move's event is handed over (the outbound-webhooks queue). */
  queue: QueuePort;
  send: SendDeps;
  /** The timings of an application without its own (configuration). */
  defaults: { lembreteAntesSegundos: number; semRespostaSegundos: number };
  /** How long an appointment the balance could not pay for waits before the next try. */
  balanceRetrySeconds: number;
  /** Where provider_a posts delivery statuses ('' when the service has no public URL). */
  statusCallbackUrl: string;
  /** The notifications pushed to the patient app too (shared/operations/app-chat.ts), with the patient of a phone. */
  pushes?: PushDeps & { patientOfPhone(aplicacaoId: number, telefone: string): Promise<number | undefined> };
  now?: Clock;
}

/** The statuses the flow's metrics count, by the metric's name (per application). */
const metricOf: Partial<Record<AppointmentStatus, string>> = {
  ENVIADO: 'AppointmentNotified',
  AVISO_ENVIADO: 'AppointmentReminded',
  SEM_TEMPLATE: 'AppointmentWithoutTemplate',
  ERRO: 'AppointmentError',
  NAO_RESPONDEU: 'AppointmentNoReply',
};

function counted(a: Appointment, status: AppointmentStatus): void {
  const name = metricOf[status];
  if (name) putMetric(name, 1, { unit: 'Count', dimensions: { aplicacaoId: String(a.aplicacaoId) } });
}

/** What one look at an appointment did, for the logs and the tests. */
export type FlowOutcome =
  | 'ausente'
  | 'nada'
  | 'cedo'
  | 'validado'
  | 'erro'
  | 'sem_template'
  | 'enviado'
  | 'aviso_enviado'
  | 'sem_resposta'
  | 'saldo_insuficiente'
  | 'aplicacao_inativa'
  | 'falha_envio'
  | 'fora_da_janela';

/** The sentinel of a send refused because the appointment moved between the read and the debit. */
const appointmentMoved = new DomainError('conflict', 'the appointment moved meanwhile');

type Step = FlowOutcome | 'continuar' | undefined;

/**
 * Looks at the appointment once it is due and takes the flow's steps (an IMPORTADO one is validated
 * and notified in the same run). Lost races re-read and decide again; what someone else already did
 * is not done twice.
 */
export async function advanceAppointment(
  deps: FlowDeps,
  aplicacaoId: number,
  agendamentoId: number,
  options: { templateAprovado?: boolean } = {},
): Promise<FlowOutcome> {
  const app = await deps.applications.getApplication(aplicacaoId);
  const settings = flowSettingsFor(app?.fluxoAgendamentos, deps.defaults);
  for (let steps = 0; steps < 4; steps++) {
    const step = await retryRaces<FlowOutcome | 'continuar'>(async () => {
      const a = await deps.appointments.get(aplicacaoId, agendamentoId);
      if (!a) return 'ausente';
      const now = (deps.now ?? systemClock)();
      if (!a.vencimento || !a.passo) return 'nada';
      const woken = options.templateAprovado && a.status === 'SEM_TEMPLATE';
      if (a.vencimento > now.toISOString() && !woken) return 'cedo';
      return takeStep(deps, settings, a, a.passo, now);
    });
    if (step !== 'continuar') return step;
  }
  return 'validado';
}

async function takeStep(deps: FlowDeps, settings: FlowSettings, a: Appointment, passo: FlowDue, now: Date): Promise<Step> {
  switch (a.status) {
    case 'IMPORTADO': {
      const problem = validationProblem(a);
      if (problem) return (await flowMove(deps, a, 'erro', settings, now, problem)) && 'erro';
      return (await flowMove(deps, a, 'validado', settings, now)) && 'continuar';
    }
    case 'VALIDADO':
    case 'SEM_TEMPLATE':
      return notify(deps, settings, a, 'enviado', now);
    case 'ENVIADO':
      if (passo === 'lembrete') {
        // Quiet hours: outside the application's send window the reminder waits for its next opening, to the second.
        const held = reminderHeldUntil(settings, now);
        if (!held) return notify(deps, settings, a, 'aviso_enviado', now);
        const why = `the send window opens at ${settings.horarioEnvioInicio}: the reminder waits until ${localDateTime(held)}`;
        return (await postpone(deps, a, 'lembrete', held, why)) ? 'fora_da_janela' : undefined;
      }
      return (await flowMove(deps, a, 'sem_resposta', settings, now)) && 'sem_resposta';
    case 'AVISO_ENVIADO':
      return (await flowMove(deps, a, 'sem_resposta', settings, now)) && 'sem_resposta';
    default:
      return 'nada';
  }
}

/** A flow move with its next due time; undefined when it lost a race (read again). */
async function flowMove(
  deps: FlowDeps,
  a: Appointment,
  step: FlowStep,
  settings: FlowSettings,
  now: Date,
  observacao: string | null = null,
): Promise<true | undefined> {
  // The state the move leads to, for its due time; a refused move is thrown by attemptMove itself.
  const decision = decideTransition(a.status, { by: 'fluxo', step });
  const to = decision.allowed ? decision.to : a.status;
  const attempt = await attemptMove(
    { appointments: deps.appointments, events: deps.events, queue: deps.queue, now: () => now },
    a,
    { by: 'fluxo', step },
    { actorId: null, observacao, due: nextDue(a, to, settings, now), pendencia: observacao },
  );
  if (attempt.kind === 'raced') return undefined;
  if (attempt.kind === 'moved') {
    counted(a, to);
    log.info('appointment flow step', { aplicacaoId: a.aplicacaoId, agendamentoId: a.id, de: a.status, para: to, passo: step });
  }
  return true;
}

/** `seconds` after `now`. */
const later = (now: Date, seconds: number): Date => new Date(now.getTime() + seconds * 1000);

/** Waits until `until` before the flow looks again, with the reason shown on the appointment. */
async function postpone(deps: FlowDeps, a: Appointment, passo: FlowDue, until: Date, pendencia: string): Promise<boolean> {
  const vencimento = until.toISOString();
  const done = await deps.appointments.postpone(a, { vencimento, passo }, pendencia);
  if (done)
    log.info('appointment flow waits', { aplicacaoId: a.aplicacaoId, agendamentoId: a.id, status: a.status, pendencia, vencimento });
  return done;
}

/**
 * The notification (`enviado`) or the reminder (`aviso_enviado`): the procedure's approved template,
 * filled from the appointment, sent and charged like any send, with the move in the debit's transaction.
 */
async function notify(deps: FlowDeps, settings: FlowSettings, a: Appointment, step: 'enviado' | 'aviso_enviado', now: Date): Promise<Step> {
  const reminder = step === 'aviso_enviado';
  const optedOutAt = await deps.flow.optedOut(a.aplicacaoId, a.pacienteTelefone);
  if (optedOutAt) {
    const why = `the patient asked not to receive messages (opt-out at ${optedOutAt}); nothing was sent`;
    return (await flowMove(deps, a, 'erro', settings, now, why)) && 'erro';
  }
  const template = await deps.templates.forProcedure(a.aplicacaoId, a.procedimento);
  if (!template || template.estado !== 'APROVADO') {
    const why = `no APROVADO template serves the procedure "${a.procedimento}"`;
    if (reminder)
      return (await postpone(deps, a, 'sem_resposta', later(now, settings.semRespostaSegundos), `reminder not sent: ${why}`))
        ? 'nada'
        : undefined;
    if (a.status === 'SEM_TEMPLATE')
      return (await postpone(deps, a, 'processar', later(now, TEMPLATE_RETRY_SECONDS), why)) ? 'sem_template' : undefined;
    return (await flowMove(deps, a, 'sem_template', settings, now, why)) && 'sem_template';
  }
  const filled = fillTemplate(template, a);
  if (!filled.ok) {
    const why = `template ${template.nome} needs ${filled.missing.join(', ')}, which the appointment does not have`;
    return (await flowMove(deps, a, 'erro', settings, now, why)) && 'erro';
  }
  const move = moveAppointment(a, { by: 'fluxo', step }, { actorId: null, at: now });
  if (!move.changed) return 'nada';
  const due = nextDue(a, move.appointment.status, settings, now);
  const after = { ...move.appointment, vencimento: due?.vencimento ?? null, passo: due?.passo ?? null, pendencia: null };
  // The history entry names the message it sent (its id is drawn by the send, just before the debit).
  const withMessage = (mensagemId: number) => ({
    ...after,
    historico: [...a.historico, { ...(after.historico[after.historico.length - 1] as HistoryEntry), mensagemId }],
  });
  // One worker sends the step; one that died holding the claim leaves it to the next after a send's whole time.
  if (!(await deps.appointments.claimSend(a, now, new Date(now.getTime() - 2 * sendTimeoutSeconds * 1000)))) return undefined;
  let outcome;
  try {
    outcome = await sendMessage(deps.send, a.aplicacaoId, {
      telefone: a.pacienteTelefone,
      mensagem: filled.texto,
      contexto: 'AGENDAMENTO_SAUDE',
      contextoId: a.id,
      statusCallbackUrl: deps.statusCallbackUrl,
      template: templateSend(template, filled.valores, a.id),
      tipoConversa: template.categoria,
      writes: (mensagemId) => deps.appointments.moveWrites(withMessage(mensagemId), a, appointmentMoved),
    });
  } catch (error) {
    if (error === appointmentMoved) return undefined;
    if (error instanceof DomainError && error.kind === 'forbidden') {
      // The application was deactivated: nothing is sent until it is active again.
      const why = `${error.message}: tried again in ${deps.balanceRetrySeconds} s`;
      return (await postpone(deps, a, a.passo ?? 'processar', later(now, deps.balanceRetrySeconds), why)) ? 'aplicacao_inativa' : undefined;
    }
    if (!(error instanceof DomainError) || error.kind !== 'insufficient_balance') throw error;
    const why = `insufficient balance (saldo ${String(error.details.saldo)}): tried again in ${deps.balanceRetrySeconds} s`;
    putMetric('AppointmentInsufficientBalance', 1, { unit: 'Count', dimensions: { aplicacaoId: String(a.aplicacaoId) } });
    if (a.status === 'SEM_TEMPLATE') {
      // What it waits for is balance now, not a template: back to VALIDADO.
      const attempt = await attemptMove(
        { appointments: deps.appointments, events: deps.events, queue: deps.queue, now: () => now },
        a,
        { by: 'fluxo', step: 'saldo_insuficiente' },
        {
          actorId: null,
          observacao: why,
          due: { vencimento: later(now, deps.balanceRetrySeconds).toISOString(), passo: 'processar' },
          pendencia: why,
        },
      );
      return attempt.kind === 'raced' ? undefined : 'saldo_insuficiente';
    }
    return (await postpone(deps, a, a.passo ?? 'processar', later(now, deps.balanceRetrySeconds), why)) ? 'saldo_insuficiente' : undefined;
  }
  if (outcome.ok) {
    counted(a, after.status);
    log.info('appointment flow step', {
      aplicacaoId: a.aplicacaoId,
      agendamentoId: a.id,
      de: a.status,
      para: after.status,
      passo: step,
      mensagemId: outcome.mensagemId,
      templateId: template.id,
    });
    await pushNotice(deps, a, reminder);
    return step;
  }
  // The provider refused or could not be reached: the debit was given back; the appointment says why.
  const why = `the provider did not take the ${reminder ? 'reminder' : 'notification'} (message ${outcome.mensagemId}): ${outcome.providerCode ?? outcome.kind} ${outcome.providerMessage}`;
  await retryRaces(async () => {
    const current = await deps.appointments.get(a.aplicacaoId, a.id);
    if (!current || current.status !== after.status) return true;
    return (await flowMove(deps, current, 'erro', settings, now, why)) ?? undefined;
  });
  return 'falha_envio';
}

/**
 * The notification or reminder pushed to the patient app as well, when the patient has devices and its
 * NOTIFICACOES_PUSH consent is granted (each push APP_PUSH). The WhatsApp step is done: a push that fails is logged,
 * not retried. The lock screen shows no detail of the appointment; the app opens it.
 */
async function pushNotice(deps: FlowDeps, a: Appointment, reminder: boolean): Promise<void> {
  if (!deps.pushes) return;
  try {
    const pacienteId = await deps.pushes.patientOfPhone(a.aplicacaoId, a.pacienteTelefone);
    if (pacienteId === undefined) return;
    const push = await pushToPatient(deps.pushes, a.aplicacaoId, pacienteId, {
      titulo: 'Agendamento',
      texto: reminder ? 'Lembrete: você tem um agendamento. Toque para ver.' : 'Você tem um agendamento. Toque para ver e confirmar.',
      dados: { tipo: 'AGENDAMENTO', agendamentoId: String(a.id) },
    });
    log.info('appointment flow push', { aplicacaoId: a.aplicacaoId, agendamentoId: a.id, ...push });
  } catch (error) {
    log.warn('appointment flow push failed', { aplicacaoId: a.aplicacaoId, agendamentoId: a.id, error: String(error) });
  }
}

/** The template as the provider sends it: the filled variables, and each button's payload naming the appointment. */
const templateSend = (t: Template, valores: string[], agendamentoId: number) => ({
  nome: t.nome,
  idioma: t.idioma,
  providerTemplateId: t.providerTemplateId,
  valores,
  botoes: t.botoes.map((titulo, i) => ({ titulo, payload: buttonPayload(agendamentoId, i) })),
});

// A campaign's work (#36), one slice at a time: a worker first expands the recipients the creation staged in
// blocks (each block once, in one transaction), then takes the campaign (one holder at a time, until its hold
// runs out), sends to its PENDENTE recipients in list order at the application's pace, and lets it go after
// `sliceMs`, queuing the next slice; the every-minute schedule (shared/operations/campaigns.ts, `turn`) starts what
// is due and takes over from a worker that died. Each recipient is one ordinary send whose commit also moves the
// recipient (PENDENTE -> ENVIADA, conditioned), so a recipient is sent at most once however often a slice is run;
// and a slice resumes from the first recipient still PENDENTE, so none is skipped.
import { randomUUID } from 'node:crypto';
import type { QueuePort } from '#shared/adapters/ports';
import { paceOf, type Application } from '#shared/domain/applications/records';
import type { ApplicationRepository } from '#shared/domain/applications/repository';
import { personalize, recipientValues } from '#shared/domain/campaigns/inputs';
import { type Campaign, type PauseReason, type Recipient } from '#shared/domain/campaigns/records';
import type { CampaignRepository, PaceRepository } from '#shared/domain/campaigns/repository';
import { DomainError } from '#shared/domain/errors';
import { insideWindow, windowOpensAt, type SendWindow, defaultSendWindow } from '#shared/domain/quiet-hours';
import { fillTemplate, type Template, type TemplateRepository } from '#shared/domain/templates';
import { systemClock, type Clock } from '#shared/domain/time';
import { log } from '#shared/log';
import { inParallel } from '#shared/parallel';
import { sendMessage, type SendDeps } from '#shared/operations/send-message';

/** How long a worker holds a campaign before it must renew; a worker that died is taken over after it. */
const HOLD_MS = 60_000;
/** A slice's length: then the campaign is let go and queued again, so campaigns take turns on the workers. */
const SLICE_MS = 20_000;
/** Recipients read at a time. */
const BATCH = 50;

export interface CampaignWorkerDeps {
  campaigns: CampaignRepository;
  pace: PaceRepository;
  send: SendDeps;
  templates: Pick<TemplateRepository, 'get'>;
  applications: Pick<ApplicationRepository, 'getApplication'>;
  queue: QueuePort;
  statusCallbackUrl: string;
  now?: Clock;
  sleep?: (ms: number) => Promise<void>;
  sliceMs?: number;
  /** How long a hold lasts (default HOLD_MS). */
  holdMs?: number;
  /** Sends in flight at once (default: the pace, at most 16). */
  concurrency?: number;
}

/** The queue message that asks for a slice of a campaign. */
export interface CampaignWork {
  aplicacaoId: number;
  campanhaId: number;
}

type SliceOutcome =
  | 'expandindo' // its staged recipients are still being expanded: queued again
  | 'nao_tomada' // another worker holds it, or it is not EM_ANDAMENTO
  | 'fora_da_janela' // outside the send window: the schedule takes it up when it opens
  | 'continua' // the slice ended with recipients left: queued again
  | 'perdida' // an admin paused or canceled it meanwhile, or the hold was lost
  | 'concluida'
  | `pausada:${PauseReason}`;

const sleeper = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Why a send stops the whole campaign rather than failing one recipient. */
function stopReason(error: unknown): PauseReason | undefined {
  if (!(error instanceof DomainError)) return undefined;
  if (error.kind === 'insufficient_balance') return 'SALDO_INSUFICIENTE';
  if (error.kind === 'forbidden') return 'APLICACAO_INATIVA';
  return undefined;
}

/** A recipient the send's commit found no longer PENDENTE (another run sent it): nothing was charged for it here. */
const recipientMoved = new DomainError('conflict', 'The recipient is no longer PENDENTE');

/**
 * The application's pace across every worker: sends started in one second never exceed `rate`. Tokens are taken
 * from the second's shared counter a few at a time; those not used before the second ends are dropped.
 */
function pacer(deps: CampaignWorkerDeps, aplicacaoId: number, rate: number, want: number) {
  const now = deps.now ?? systemClock;
  const sleep = deps.sleep ?? sleeper;
  let second = -1;
  let left = 0;
  let turn: Promise<Date> = Promise.resolve(new Date(0));
  // The instant a send is let go, within the second whose token it took: the send's own time (its dataEnvio).
  const next = async (): Promise<Date> => {
    for (;;) {
      const at = now();
      const current = Math.floor(at.getTime() / 1000);
      if (current !== second) [second, left] = [current, 0];
      if (left > 0) {
        left--;
        return at;
      }
      const got = await deps.pace.take(aplicacaoId, current, want, rate);
      // Tokens of a second that ended while they were taken are not used.
      const after = now();
      if (got > 0 && Math.floor(after.getTime() / 1000) === current) {
        left = got - 1;
        return after;
      }
      await sleep(1000 - (now().getTime() % 1000));
    }
  };
  // One taker at a time: the sends waiting for their turn share what it took.
  return () => (turn = turn.then(next, next));
}

/** One slice of a campaign's work, by whichever worker the queue or the schedule gave it to. */
export async function runCampaignSlice(deps: CampaignWorkerDeps, work: CampaignWork): Promise<SliceOutcome> {
  const now = deps.now ?? systemClock;
  const token = randomUUID();
  const started = now();
  const sliceEnd = started.getTime() + (deps.sliceMs ?? SLICE_MS);
  const holdMs = deps.holdMs ?? HOLD_MS;
  // The recipients the request staged are expanded first, whatever the campaign's status (its listing fills), by
  // whichever worker comes: each block once.
  while (await deps.campaigns.expandNext(work.aplicacaoId, work.campanhaId)) {
    if (now().getTime() >= sliceEnd) {
      await deps.queue.send('campaigns', work);
      return 'expandindo';
    }
  }
  const campaign = await deps.campaigns.take(work.aplicacaoId, work.campanhaId, token, started, new Date(started.getTime() + holdMs));
  if (!campaign) return 'nao_tomada';
  let cursor = campaign.cursor;
  const context = { aplicacaoId: campaign.aplicacaoId, campanhaId: campaign.id };

  const app = await deps.applications.getApplication(campaign.aplicacaoId);
  if (!app || !app.ativo) return stop(deps, campaign, token, 'APLICACAO_INATIVA', now);
  const window = windowOf(app);
  if (!insideWindow(window, started)) {
    await deps.campaigns.release(campaign, token, windowOpensAt(window, started), cursor);
    log.info('campaign waits for the send window', { ...context, abre: windowOpensAt(window, started).toISOString() });
    return 'fora_da_janela';
  }
  let template: Template | undefined;
  if (campaign.templateId !== null) {
    template = await deps.templates.get(campaign.aplicacaoId, campaign.templateId);
    if (template?.estado !== 'APROVADO') return stop(deps, campaign, token, 'TEMPLATE_INDISPONIVEL', now);
  }

  const rate = paceOf(app);
  const concurrency = deps.concurrency ?? Math.min(rate, 16);
  const pace = pacer(deps, campaign.aplicacaoId, rate, concurrency);
  let stopping: PauseReason | undefined;

  /**
   * One recipient: ignored, or sent (its move committed with the debit), or failed (its debit given back); false when
   * it stays PENDENTE because the campaign stops (the balance ran out: the resume sends it).
   */
  const handle = async (recipient: Recipient, optedOut: boolean): Promise<boolean> => {
    const at = now();
    if (optedOut) {
      await deps.campaigns.ignore(recipient, campaign.aplicacaoId, 'OPT_OUT', at);
      return true;
    }
    const values = recipientValues(campaign.variaveis, recipient);
    const filled = template ? fillTemplate(template, { pacienteNome: recipient.nome, ...values }) : undefined;
    const text = filled ?? personalize(campaign.mensagem ?? '', values);
    if (!text.ok) {
      await deps.campaigns.ignore(recipient, campaign.aplicacaoId, 'VARIAVEL_AUSENTE', at);
      return true;
    }
    let charged = '0.00';
    try {
      const outcome = await sendMessage(deps.send, campaign.aplicacaoId, {
        telefone: recipient.telefone,
        mensagem: text.texto,
        contexto: campaign.contexto,
        contextoId: campaign.id,
        campanhaId: campaign.id,
        campanhaLinha: recipient.linha,
        statusCallbackUrl: deps.statusCallbackUrl,
        pace,
        ...(template && filled?.ok
          ? {
              template: {
                nome: template.nome,
                idioma: template.idioma,
                providerTemplateId: template.providerTemplateId,
                valores: filled.valores,
                botoes: [],
              },
              tipoConversa: template.categoria,
            }
          : {}),
        writes: (mensagemId, valor) => {
          charged = valor;
          return deps.campaigns.sentWrites(recipient, campaign.aplicacaoId, mensagemId, valor, now(), recipientMoved);
        },
      });
      if (!outcome.ok) {
        const motivo = outcome.providerCode ?? outcome.kind;
        // Its debit was given back: the campaign's cost too.
        await deps.campaigns.failSent(recipient, campaign.aplicacaoId, motivo, charged, now());
      }
      return true;
    } catch (error) {
      if (error === recipientMoved) return true;
      const reason = stopReason(error);
      if (!reason) throw error;
      stopping ??= reason;
      return false;
    }
  };

  while (now().getTime() < sliceEnd && !stopping) {
    const batch = await deps.campaigns.pending(campaign, cursor, BATCH);
    if (batch.length === 0) {
      // Every recipient settled: done (an admin's move meanwhile wins).
      const done = await deps.campaigns.stop(campaign, token, 'CONCLUIDA', now());
      if (done) log.info('campaign done', context);
      return done ? 'concluida' : 'perdida';
    }
    const optedOut = await deps.campaigns.optedOut(
      campaign.aplicacaoId,
      batch.map((r) => r.telefone),
    );
    // The batch's sends, at most `concurrency` at a time, each waiting for its turn in the pace.
    const settled = new Set<Recipient>();
    await inParallel(batch, concurrency, async (r) => {
      if (!stopping && (await handle(r, optedOut.has(r.telefone)))) settled.add(r);
    });
    // Resume from the first recipient of the batch not settled (a stop leaves it PENDENTE for the resume).
    const unhandled = batch.find((r) => !settled.has(r));
    cursor = unhandled ? unhandled.linha : batch[batch.length - 1]!.linha + 1;
    if (!(await deps.campaigns.renew(campaign, token, new Date(now().getTime() + holdMs), cursor))) return 'perdida';
  }
  if (stopping) return stop(deps, campaign, token, stopping, now);

  // The slice is over: let go, then queued again. In this order: a worker may take the queued slice at once, and
  // must find the campaign free (queued first, it found it held, dropped the message, and the campaign waited a whole
  // hold for the schedule). Dying between the two leaves it free, on the schedule's index from the hold's end.
  await deps.campaigns.release(campaign, token, new Date(now().getTime() + holdMs), cursor);
  await deps.queue.send('campaigns', context satisfies CampaignWork);
  return 'continua';
}

/** The application's own send window, kept with its flow settings. */
const windowOf = (app: Application): SendWindow => ({
  horarioEnvioInicio: app.fluxoAgendamentos?.horarioEnvioInicio ?? defaultSendWindow.horarioEnvioInicio,
  horarioEnvioFim: app.fluxoAgendamentos?.horarioEnvioFim ?? defaultSendWindow.horarioEnvioFim,
});

async function stop(deps: CampaignWorkerDeps, campaign: Campaign, token: string, motivo: PauseReason, now: Clock): Promise<SliceOutcome> {
  const paused = await deps.campaigns.stop(campaign, token, 'PAUSADA', now(), motivo);
  log.warn('campaign paused by itself', { aplicacaoId: campaign.aplicacaoId, campanhaId: campaign.id, motivo, paused });
  return paused ? `pausada:${motivo}` : 'perdida';
}

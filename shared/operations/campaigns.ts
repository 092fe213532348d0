// Campaigns (#36), the admin's side and the schedule's: a campaign created from its recipients (checked, numbered,
// ignored ones named), its preview (the same checks and the estimated cost, nothing written), the admin's moves
// (pausar, retomar, cancelar), and every minute the campaigns whose turn came: the scheduled ones started, the
// running ones nobody holds handed to a worker. The work itself is shared/operations/campaign-worker.ts.
import type { QueuePort } from '#shared/adapters/ports';
import type { CampaignDraft } from '#shared/domain/campaigns/inputs';
import { personalize, recipientValues } from '#shared/domain/campaigns/inputs';
import { checkRecipients, type RecipientInput } from '#shared/domain/campaigns/recipients';
import { decideCampaignAction, type Campaign, type CampaignAction, type Recipient } from '#shared/domain/campaigns/records';
import type { CampaignRepository, CampaignWithCounts } from '#shared/domain/campaigns/repository';
import { DomainError, notFound } from '#shared/domain/errors';
import { scheduledInstant } from '#shared/domain/messages/schedule';
import { fromCents, toCents } from '#shared/domain/money';
import { MESSAGE_TARIFF, tariffFor, today, type TariffCatalogue } from '#shared/domain/tariffs';
import { fillTemplate, type Template, type TemplateRepository } from '#shared/domain/templates';
import type { Clock } from '#shared/domain/time';
import { log } from '#shared/log';
import type { CampaignWork } from '#shared/operations/campaign-worker';

export interface CampaignDeps {
  campaigns: CampaignRepository;
  templates: Pick<TemplateRepository, 'get'>;
  tariffs: TariffCatalogue;
  queue: QueuePort;
  now: Clock;
}

/** What a campaign's recipients come to: each checked, and the totals and cost before anything is sent. */
export interface CampaignPlan {
  recipients: Recipient[];
  totais: { destinatarios: number; pendentes: number; ignoradas: number };
  /** BRL: the pending recipients at the message tariff in force today. */
  custoEstimado: string;
  tarifa: string;
}

async function templateOf(
  deps: Pick<CampaignDeps, 'templates'>,
  aplicacaoId: number,
  templateId: number | null,
): Promise<Template | undefined> {
  if (templateId === null) return undefined;
  const template = await deps.templates.get(aplicacaoId, templateId);
  if (!template) throw new DomainError('validation', 'templateId names no template of this application', { field: 'templateId' });
  if (template.estado !== 'APROVADO') {
    throw new DomainError('validation', `template ${template.nome} is ${template.estado}: only an APROVADO one can be sent`, {
      field: 'templateId',
    });
  }
  return template;
}

/** The recipients checked (phones, repeats, each one's text), numbered as given, and what sending them would cost. */
export async function planCampaign(
  deps: Pick<CampaignDeps, 'templates' | 'tariffs' | 'now'>,
  aplicacaoId: number,
  draft: CampaignDraft,
  rows: readonly { linha: number; input: RecipientInput }[],
): Promise<CampaignPlan> {
  const now = deps.now();
  if (draft.agendarPara !== undefined) scheduledInstant(draft.agendarPara, now);
  const template = await templateOf(deps, aplicacaoId, draft.templateId);
  const at = now.toISOString();
  const checked = checkRecipients(rows).recipients.map((r): Recipient => {
    const recipient: Recipient = {
      campanhaId: 0,
      linha: r.linha,
      telefone: r.telefone,
      nome: r.nome ?? null,
      variaveis: r.variaveis,
      status: r.status,
      motivo: r.motivo ?? null,
      mensagemId: null,
      atualizadoEm: at,
    };
    if (recipient.status !== 'PENDENTE') return recipient;
    // Every recipient's text can be made now: one that lacks a variable is named before anything is sent.
    const values = recipientValues(draft.variaveis, recipient);
    const text = template ? fillTemplate(template, { pacienteNome: recipient.nome, ...values }) : personalize(draft.mensagem ?? '', values);
    return text.ok ? recipient : { ...recipient, status: 'IGNORADA', motivo: 'VARIAVEL_AUSENTE' };
  });
  const pendentes = checked.filter((r) => r.status === 'PENDENTE').length;
  const tariff = tariffFor(await deps.tariffs.listAll(), aplicacaoId, MESSAGE_TARIFF.categoria, MESSAGE_TARIFF.subtipo, today(now));
  if (!tariff) throw new DomainError('unprocessable', 'No tariff in force for MENSAGENS/ENVIADA');
  if (pendentes === 0)
    throw new DomainError('validation', 'no recipient can be sent to (all are invalid, repeated or lack a variable)', {
      field: 'destinatarios',
    });
  return {
    recipients: checked,
    totais: { destinatarios: checked.length, pendentes, ignoradas: checked.length - pendentes },
    custoEstimado: fromCents(toCents(tariff.valor) * BigInt(pendentes)),
    tarifa: tariff.valor,
  };
}

/** Creates the campaign: AGENDADA at `agendarPara`, else EM_ANDAMENTO; queued for a worker at once either way. */
export async function createCampaign(
  deps: CampaignDeps,
  aplicacaoId: number,
  usuarioId: number | null,
  draft: CampaignDraft,
  rows: readonly { linha: number; input: RecipientInput }[],
): Promise<{ campaign: Campaign; plan: CampaignPlan }> {
  const plan = await planCampaign(deps, aplicacaoId, draft, rows);
  const now = deps.now();
  const id = await deps.campaigns.newId();
  const scheduled = draft.agendarPara !== undefined ? scheduledInstant(draft.agendarPara, now).toISOString() : null;
  const campaign: Campaign = {
    id,
    aplicacaoId,
    nome: draft.nome,
    mensagem: draft.mensagem,
    templateId: draft.templateId,
    variaveis: draft.variaveis,
    contexto: draft.contexto,
    status: scheduled ? 'AGENDADA' : 'EM_ANDAMENTO',
    motivo: null,
    agendarPara: scheduled,
    criadaEm: now.toISOString(),
    iniciadaEm: scheduled ? null : now.toISOString(),
    concluidaEm: null,
    destinatarios: plan.recipients.length,
    usuarioId,
    cursor: 0,
  };
  await deps.campaigns.create(
    campaign,
    plan.recipients.map((r) => ({ ...r, campanhaId: id })),
  );
  log.info('campaign created', { aplicacaoId, campanhaId: id, status: campaign.status, ...plan.totais });
  // Queued scheduled or not: a worker expands its staged recipients first, then sends if it is EM_ANDAMENTO (a
  // scheduled one is started by the schedule at its time).
  await queueSlice(deps.queue, campaign);
  return { campaign, plan };
}

const queueSlice = (queue: QueuePort, c: Pick<Campaign, 'aplicacaoId' | 'id'>) =>
  queue.send('campaigns', { aplicacaoId: c.aplicacaoId, campanhaId: c.id } satisfies CampaignWork);

/** The campaign of the application, or 404 (another application's is 404 too). */
export async function getCampaign(campaigns: CampaignRepository, aplicacaoId: number, id: number): Promise<CampaignWithCounts> {
  const found = await campaigns.get(aplicacaoId, id);
  if (!found) throw notFound('campanha');
  return found;
}

/** An admin's move; retomar queues the next slice at once. */
export async function moveCampaign(
  deps: Pick<CampaignDeps, 'campaigns' | 'queue' | 'now'>,
  aplicacaoId: number,
  id: number,
  action: CampaignAction,
): Promise<CampaignWithCounts> {
  const { campaign } = await getCampaign(deps.campaigns, aplicacaoId, id);
  const to = decideCampaignAction(campaign.status, action);
  if (!(await deps.campaigns.move(campaign, to, deps.now(), to === 'PAUSADA' ? 'MANUAL' : null))) {
    throw new DomainError('conflict', 'The campaign changed meanwhile; read it again', { status: campaign.status });
  }
  log.info('campaign moved', { aplicacaoId, campanhaId: id, de: campaign.status, para: to, acao: action });
  if (to === 'EM_ANDAMENTO') await queueSlice(deps.queue, campaign);
  return getCampaign(deps.campaigns, aplicacaoId, id);
}

/**
 * The schedule's minute: each campaign whose turn came is started (AGENDADA) and handed to a worker, or, EM_ANDAMENTO
 * with nobody holding it (its worker died, or the send window opened), handed to a worker again. How many it handed.
 */
export async function campaignTurns(deps: Pick<CampaignDeps, 'campaigns' | 'queue' | 'now'>, limit = 100): Promise<number> {
  const now = deps.now();
  let handed = 0;
  for (const { aplicacaoId, id } of await deps.campaigns.due(now, limit)) {
    const found = await deps.campaigns.get(aplicacaoId, id);
    if (!found) continue;
    const { campaign } = found;
    if (campaign.status === 'AGENDADA' && !(await deps.campaigns.move(campaign, 'EM_ANDAMENTO', now))) continue;
    if (campaign.status === 'AGENDADA' || campaign.status === 'EM_ANDAMENTO') {
      await queueSlice(deps.queue, campaign);
      handed++;
    }
  }
  return handed;
}

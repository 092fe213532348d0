// The admin panel's campaigns (#36): created from a list or a CSV upload (or only checked, `simular=true`), listed
// with their progress, their recipients by state, and an admin's pause, resume and cancel. The sends themselves are
// the campaigns consumer's (functions/consumers/campaigns.ts). Its own function: no other group carries this code.
import { awsAdapters, queuePort } from '#shared/adapters/index';
import { needsConfig } from '#shared/config';
import { dynamoCampaignRepository } from '#shared/db/campaigns';
import { dynamoTariffCatalogue } from '#shared/db/tariffs';
import { dynamoTemplateRepository } from '#shared/db/templates';
import { parseCampaignBody, parseCsvQuery } from '#shared/domain/campaigns/inputs';
import { parseRecipientsCsv } from '#shared/domain/campaigns/recipients';
import { totalsOf, type Campaign, type CampaignCounts, type Recipient } from '#shared/domain/campaigns/records';
import { DomainError } from '#shared/domain/errors';
import { elementsPageOf } from '#shared/domain/paging';
import { shownTime } from '#shared/domain/time';
import { groupHandler, json, type AnswerFor, type TenantRequest } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { pathId } from '#shared/http/params';
import { validate } from '#shared/http/validation';
import {
  createCampaign,
  getCampaign,
  moveCampaign,
  planCampaign,
  type CampaignDeps,
  type CampaignPlan,
} from '#shared/operations/campaigns';
import type { CampaignDraft } from '#shared/domain/campaigns/inputs';
import type { RecipientInput } from '#shared/domain/campaigns/recipients';
import type { adminCampaignsContract } from './contract.ts';
import { recipientsQuery, simulateQuery } from './requests.ts';

// A campaign started at once is queued for its first slice.
awsAdapters({ queue: async () => (await import('#shared/adapters/aws/sqs')).sqsQueue() });
needsConfig('campaignsQueueUrl');

const deps: CampaignDeps = {
  campaigns: dynamoCampaignRepository(),
  templates: dynamoTemplateRepository(),
  tariffs: dynamoTariffCatalogue(),
  queue: queuePort,
  now: () => new Date(),
};

const campaignView = (campaign: Campaign, counts: CampaignCounts) => ({
  id: campaign.id,
  nome: campaign.nome,
  status: campaign.status,
  motivo: campaign.motivo,
  mensagem: campaign.mensagem,
  templateId: campaign.templateId,
  contexto: campaign.contexto,
  agendarPara: shownTime(campaign.agendarPara),
  criadaEm: shownTime(campaign.criadaEm),
  iniciadaEm: shownTime(campaign.iniciadaEm),
  concluidaEm: shownTime(campaign.concluidaEm),
  totais: totalsOf(campaign, counts),
  custoTotal: counts.custoTotal,
});

const recipientView = (r: Recipient) => ({
  linha: r.linha,
  telefone: r.telefone,
  nome: r.nome,
  status: r.status,
  motivo: r.motivo,
  mensagemId: r.mensagemId,
  atualizadoEm: shownTime(r.atualizadoEm),
});

const previewView = (plan: CampaignPlan) => ({
  totais: plan.totais,
  tarifa: plan.tarifa,
  custoEstimado: plan.custoEstimado,
  destinatarios: plan.recipients.slice(0, 20).map(recipientView),
  ignorados: plan.recipients
    .filter((r) => r.status === 'IGNORADA')
    .slice(0, 100)
    .map(recipientView),
});

/** Created (201), or only checked (200, `simular=true`). */
async function createOrSimulate(
  request: TenantRequest,
  draft: CampaignDraft,
  rows: { linha: number; input: RecipientInput }[],
): Promise<AnswerFor<typeof adminCampaignsContract, 'POST /api/admin/campanhas'>> {
  const { aplicacaoId } = request.principal;
  if (validate(simulateQuery, { simular: request.query.simular }, 'query').simular === 'true') {
    return json(200, previewView(await planCampaign(deps, aplicacaoId, draft, rows)));
  }
  const usuarioId = Number(request.principal.subject);
  const { campaign, plan } = await createCampaign(deps, aplicacaoId, Number.isSafeInteger(usuarioId) ? usuarioId : null, draft, rows);
  const counts = { enviadas: 0, entregues: 0, lidas: 0, falhas: 0, ignoradas: plan.totais.ignoradas, custoTotal: '0.00' };
  return json(201, campaignView(campaign, counts));
}

export const handler = groupHandler<typeof adminCampaignsContract>('admin-campaigns', {
  'POST /api/admin/campanhas': async (request) => {
    const { draft, rows } = parseCampaignBody(request.body);
    return createOrSimulate(request, draft, rows);
  },

  'POST /api/admin/campanhas/csv': async (request) => {
    const draft = parseCsvQuery({ ...request.query, simular: undefined });
    const parsed = parseRecipientsCsv(request.rawBody.toString('utf8'));
    if (!parsed.ok) {
      throw new DomainError('validation', `the CSV file has ${parsed.errors.length} error(s): ${parsed.errors[0]!.erro}`, {
        field: 'csv',
        erros: parsed.errors,
      });
    }
    return createOrSimulate(request, draft, parsed.rows);
  },

  'GET /api/admin/campanhas': async (request) => {
    const paging = readPaging(request.query);
    const all = await deps.campaigns.list(request.principal.aplicacaoId);
    const page = all.slice(paging.page * paging.size, (paging.page + 1) * paging.size);
    const counts = await deps.campaigns.counts(page);
    return json(
      200,
      elementsPageOf(
        page.map((c) => campaignView(c, counts.get(c.id)!)),
        all.length,
        paging,
      ),
    );
  },

  'GET /api/admin/campanhas/{id}': async (request) => {
    const { campaign, counts } = await getCampaign(deps.campaigns, request.principal.aplicacaoId, pathId(request, 'campanha'));
    return json(200, campaignView(campaign, counts));
  },

  'GET /api/admin/campanhas/{id}/destinatarios': async (request) => {
    const paging = readPaging(request.query);
    const { status } = validate(recipientsQuery, { status: request.query.status }, 'query');
    const { campaign, counts } = await getCampaign(deps.campaigns, request.principal.aplicacaoId, pathId(request, 'campanha'));
    const totals = totalsOf(campaign, counts);
    const total = status
      ? { PENDENTE: totals.pendentes, ENVIADA: totals.enviadas, FALHA: totals.falhas, IGNORADA: totals.ignoradas }[status]
      : totals.destinatarios;
    const recipients = await deps.campaigns.recipients(campaign, status, paging);
    return json(200, elementsPageOf(recipients.map(recipientView), total, paging));
  },

  'POST /api/admin/campanhas/{id}/pausar': async (request) => {
    const { campaign, counts } = await moveCampaign(deps, request.principal.aplicacaoId, pathId(request, 'campanha'), 'pausar');
    return json(200, campaignView(campaign, counts));
  },
  'POST /api/admin/campanhas/{id}/retomar': async (request) => {
    const { campaign, counts } = await moveCampaign(deps, request.principal.aplicacaoId, pathId(request, 'campanha'), 'retomar');
    return json(200, campaignView(campaign, counts));
  },
  'POST /api/admin/campanhas/{id}/cancelar': async (request) => {
    const { campaign, counts } = await moveCampaign(deps, request.principal.aplicacaoId, pathId(request, 'campanha'), 'cancelar');
    return json(200, campaignView(campaign, counts));
  },
});

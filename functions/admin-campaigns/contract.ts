// Contract of the admin panel's campaigns group (portal JWT, role admin; #36): a clinic's bulk sends, created from a
// list or a CSV upload, scheduled, paced, held outside the send window, paused, resumed and canceled, and their
// recipients by state (docs/campaigns.md).
import * as z from 'zod/mini';
import { campaignStatuses, ignoreReasons, pauseReasons, recipientStatuses } from '#shared/domain/campaigns/records';
import { MAX_RECIPIENTS } from '#shared/domain/campaigns/recipients';
import { contextos } from '#shared/domain/messages/records';
import { pagingQuery } from '#shared/http/paging';
import { described, elementsPage, id, money, named, ok, queryIntegers, timestamp, type GroupContract } from '#shared/http/contract/kit';
import { templateIdText } from '#shared/domain/campaigns/inputs';
import { createBody, csvQuery, recipientsQuery, simulateQuery } from './requests.ts';

queryIntegers.add(templateIdText, { minimum: 1, maximum: Number.MAX_SAFE_INTEGER, format: 'int64' });

const totals = named(
  'CampaignTotals',
  z.object({
    destinatarios: described(z.int(), 'Recipients as submitted, ignored ones included.'),
    enviadas: described(z.int(), 'Sent: the provider took the message (each one debited like any send).'),
    entregues: described(z.int(), 'Delivered, from the provider’s status callbacks (read messages included).'),
    lidas: described(z.int(), 'Read, from the provider’s status callbacks.'),
    falhas: described(z.int(), 'The provider refused the message (its debit given back) or reported it failed.'),
    ignoradas: described(z.int(), 'Never sent: an invalid or repeated phone, a variable missing, or the patient opted out.'),
    pendentes: described(z.int(), 'Not handled yet.'),
  }),
  'A campaign’s counts; `destinatarios` = `enviadas` + `falhas` + `ignoradas` + `pendentes`.',
);

export const campaignView = named(
  'Campaign',
  z.object({
    id,
    nome: z.string(),
    status: z.enum(campaignStatuses),
    motivo: described(
      z.nullable(z.enum(pauseReasons)),
      'Why it is PAUSADA: SALDO_INSUFICIENTE (resume after a credit), APLICACAO_INATIVA, TEMPLATE_INDISPONIVEL, or MANUAL (an admin’s pause).',
    ),
    mensagem: described(z.nullable(z.string()), 'The text, `{{nome}}` and `{{<variable>}}` filled per recipient; null with a template.'),
    templateId: z.nullable(id),
    contexto: z.enum(contextos),
    agendarPara: z.nullable(timestamp),
    criadaEm: timestamp,
    iniciadaEm: z.nullable(timestamp),
    concluidaEm: described(z.nullable(timestamp), 'When it was done, or canceled.'),
    totais: totals,
    custoTotal: described(money, 'What its sent messages were charged, net of what failed sends got back.'),
  }),
  'A campaign with its progress.',
);

const recipientView = named(
  'CampaignRecipient',
  z.object({
    linha: described(z.int(), 'Its place in the list (from 1), or its line in the CSV file (the header is line 1).'),
    telefone: described(z.string(), 'The phone in E.164, or as it was given when it is not a phone number.'),
    nome: z.nullable(z.string()),
    status: z.enum(recipientStatuses),
    motivo: described(
      z.nullable(z.string()),
      `IGNORADA: ${ignoreReasons.join(', ')}; FALHA: the provider’s error code (or \`unavailable\`, \`rejected\`).`,
    ),
    mensagemId: described(z.nullable(id), 'The message sent to it (GET /api/admin/mensagens/{id}).'),
    atualizadoEm: timestamp,
  }),
  'One recipient of a campaign and what became of it.',
);

const preview = named(
  'CampaignPreview',
  z.object({
    totais: z.object({ destinatarios: z.int(), pendentes: z.int(), ignoradas: z.int() }),
    tarifa: described(money, 'The message tariff in force for the application today.'),
    custoEstimado: described(money, 'The pending recipients at that tariff.'),
    destinatarios: described(z.array(recipientView), 'The first 20 recipients as they were read and checked.'),
    ignorados: described(z.array(recipientView), 'The first 100 ignored recipients, with why.'),
  }),
  'What a campaign would be: nothing written, nothing sent.',
);

const createRules =
  `Exactly one of \`mensagem\` and \`templateId\` (an APROVADO template of the application). Up to ${MAX_RECIPIENTS.toLocaleString('en')} recipients; ` +
  'each phone is normalised (country code required); a repeated phone, an invalid one, or a recipient lacking a variable its text needs is kept as IGNORADA with its reason, never sent. ' +
  'A patient who opted out (the flow’s opt-out words, or the WhatsApp consent revoked in the app) is IGNORADA with `OPT_OUT` when its turn comes. ' +
  '`agendarPara`: a local date-time of America/Sao_Paulo (YYYY-MM-DDTHH:mm:ss), 1 minute to 35 days ahead; without it the campaign starts at once. ' +
  'Each recipient is one ordinary send (`contexto` CAMPANHA unless given, `contextoId` the campaign; debited at the tariff in force then), at most the application’s pace per second across every worker (80 unless the platform admin set another), and only inside the application’s send window (`horarioEnvioInicio`–`horarioEnvioFim` of the flow settings, default 08:00–20:00): outside it the campaign waits and resumes by itself. ' +
  'A balance that runs out pauses it with `SALDO_INSUFICIENTE`; `retomar` after a credit goes on from the first recipient not sent. ' +
  '`simular=true`: the same checks and the estimated cost (200), nothing written.';

const actionRules =
  'pausar: from AGENDADA or EM_ANDAMENTO; retomar: from PAUSADA (a scheduled campaign paused before its time starts at once); cancelar: from AGENDADA, EM_ANDAMENTO or PAUSADA, leaving the recipients not yet sent PENDENTE. ' +
  'Any other status is 409; another application’s campaign is 404. A send already under way when it is paused or canceled completes.';

export const adminCampaignsContract = {
  'POST /api/admin/campanhas': {
    summary: 'Create a campaign from a list of recipients',
    description: createRules,
    query: simulateQuery,
    body: createBody,
    responses: {
      201: ok('The campaign (AGENDADA, or EM_ANDAMENTO).', campaignView),
      200: ok('`simular=true`: what the campaign would be.', preview),
    },
    errors: { 400: ['validation_error'], 413: ['payload_too_large'], 422: ['unprocessable_entity'] },
  },
  'POST /api/admin/campanhas/csv': {
    summary: 'Create a campaign from a CSV file of recipients',
    description:
      'The body is the file (`text/csv`, UTF-8 with or without a BOM, `;` or `,` separated as spreadsheets export them, fields quoted as RFC 4180 says); its header row names the columns: `telefone` (required), `nome`, and any other column is a variable of the recipient’s text. ' +
      'The campaign’s own fields are query parameters. A malformed file is a 400 whose `erros` name each bad line and field (up to 20), nothing written. ' +
      createRules,
    query: z.object({ ...csvQuery.shape, ...simulateQuery.shape }),
    body: described(z.string().check(z.maxLength(4 * 1024 * 1024)), 'The CSV file (at most 4 MiB).'),
    responses: {
      201: ok('The campaign (AGENDADA, or EM_ANDAMENTO).', campaignView),
      200: ok('`simular=true`: what the campaign would be.', preview),
    },
    errors: { 400: ['validation_error'], 413: ['payload_too_large'], 415: ['unsupported_media_type'], 422: ['unprocessable_entity'] },
  },
  'GET /api/admin/campanhas': {
    summary: 'The application’s campaigns, newest first',
    query: pagingQuery,
    responses: { 200: ok('One page of campaigns.', named('CampaignPage', elementsPage(campaignView))) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/campanhas/{id}': {
    summary: 'One campaign and its progress',
    description: 'Another application’s campaign is the same 404 as an unknown one.',
    responses: { 200: ok('The campaign.', campaignView) },
    errors: { 404: ['not_found'] },
  },
  'GET /api/admin/campanhas/{id}/destinatarios': {
    summary: 'A campaign’s recipients, in list order, optionally of one status',
    query: z.object({ ...pagingQuery.shape, ...recipientsQuery.shape }),
    responses: { 200: ok('One page of recipients.', named('CampaignRecipientPage', elementsPage(recipientView))) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'POST /api/admin/campanhas/{id}/pausar': {
    summary: 'Pause a campaign',
    description: actionRules,
    responses: { 200: ok('The campaign after the move.', campaignView) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/campanhas/{id}/retomar': {
    summary: 'Resume a paused campaign',
    description: actionRules,
    responses: { 200: ok('The campaign after the move.', campaignView) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/campanhas/{id}/cancelar': {
    summary: 'Cancel a campaign',
    description: actionRules,
    responses: { 200: ok('The campaign after the move.', campaignView) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
} satisfies GroupContract<'admin-campaigns'>;

// Contract of the admin group (portal JWT of an admin): applications (tenants), their API key pair,
// OAuth2 clients, credits, WhatsApp numbers and active flags; portal users; tariffs and refunds.
// A platform administrator (token with `plataforma`) acts on every application; any other admin only
// on its own, and every other application id is a 404 (never a 403 that would confirm it exists).
import * as z from 'zod/mini';
import { providers } from '#shared/domain/applications/records';
import { portalRoles, scopes } from '#shared/domain/permissions';
import { pagingQuery } from '#shared/http/paging';
import { date, described, elementsPage, id, money, named, noContent, ok, timestamp, type GroupContract } from '#shared/http/contract/kit';
import { periodText, stampEvidence, statementEntry, tariff as financeTariff } from '#shared/http/contract/resources';
import { stampOrigins, stampStatuses } from '#shared/domain/stamps';
import { sendStatuses } from '#shared/domain/messages/records';
import { LOW_BALANCE_MESSAGES, OVERVIEW_DAYS } from '#shared/operations/overview';
import { STATEMENT_CSV_MAX_ENTRIES, statementCsvColumns } from '#shared/operations/statement';
import {
  activeBody,
  aiSummaryQuery,
  CLIENT_ID,
  creditBody,
  newApplicationBody,
  newTariffBody,
  numbersBody,
  oauthClientBody,
  paceBody,
  providerChangeBody,
  refundBody,
  statementFilterQuery,
  statementListQuery,
  tariffChangeBody,
  userCreateBody as newUserBody,
} from './requests.ts';

// ---------------------------------------------------------------------------------------------
// The console's Início and Extrato (#26)

const statusCounts = named(
  'MessageStatusCounts',
  z.object({ ...Object.fromEntries(sendStatuses.map((s) => [s, z.int()])), total: z.int() } as Record<
    (typeof sendStatuses)[number] | 'total',
    z.ZodMiniInt
  >),
  'Messages sent on one day, by their current status (a message counts on the day it was sent, under the status it has now); `total` is their sum. Scheduled messages count once sent; those still SCHEDULED, or CANCELED, are not counted.',
);

const overviewBody = named(
  'AdminOverview',
  z.object({
    data: described(date, 'Today, in the service time zone (`fusoHorario`): the day `gastoHoje` and `mensagensHoje` are of.'),
    fusoHorario: z.literal('America/Sao_Paulo'),
    saldo: money,
    moeda: z.literal('BRL'),
    gastoHoje: described(
      money,
      'Debits minus refunds (ESTORNO, ESTORNO_FALHA_ENVIO) of today’s statement entries; credits are not spend. Negative when today’s refunds exceed its debits.',
    ),
    gastoMes: described(money, 'The same from the first day of the current month to today.'),
    tarifaMensagem: described(z.nullable(money), 'The message tariff in force for the application (MENSAGENS/ENVIADA); null when none is.'),
    limiteSaldoBaixo: described(money, `The cost of ${LOW_BALANCE_MESSAGES} messages at \`tarifaMensagem\` (0.00 without a tariff).`),
    saldoBaixo: described(z.boolean(), '`saldo` is below `limiteSaldoBaixo`.'),
    mensagensHoje: statusCounts,
    dias: described(
      z.array(z.object({ data: date, mensagens: statusCounts, gasto: money })),
      `The last ${OVERVIEW_DAYS} days, oldest first, today last: messages sent each day by status, and each day’s spend.`,
    ),
    provider: z.enum(providers),
    numerosWhatsapp: described(z.array(z.string()), 'The application’s WhatsApp numbers (E.164).'),
  }),
  'The console’s Início: balance, spend, messages by status, the low-balance warning, the provider and its numbers.',
);

export const adminMoneyContract: Pick<
  GroupContract<'admin'>,
  'GET /api/admin/resumo' | 'GET /api/admin/extrato' | 'GET /api/admin/extrato/csv'
> = {
  'GET /api/admin/resumo': {
    summary: 'Overview of the token’s application (the console’s Início)',
    description: [
      'For the application of the token (a platform administrator’s is its own). Days are calendar days in America/Sao_Paulo, the time zone of every timestamp of the API.',
      `Spend is debits minus refunds (credits of \`referenciaTipo\` ESTORNO and ESTORNO_FALHA_ENVIO) of the day’s entries; other credits are not spend. \`saldoBaixo\` is true below the cost of ${LOW_BALANCE_MESSAGES} messages at the message tariff in force.`,
      'Messages count on the day they were sent, under their current status, so a day’s counts move as its messages are delivered and read.',
      'Read from counters kept with the data: the same few requests whatever the application’s history.',
    ].join('\n\n'),
    responses: { 200: ok('The overview.', overviewBody) },
    errors: { 404: ['not_found'] },
  },
  'GET /api/admin/extrato': {
    summary: 'Statement of the token’s application, newest first, with filters',
    description: [
      `For the application of the token. ${periodText}`,
      '`referenciaTipo` keeps the entries of one origin (CREDITO, MENSAGEM_ENVIADA, ESTORNO, ESTORNO_FALHA_ENVIO, ...). Each entry’s `saldoPosterior` is the running balance after it.',
      'A page of the whole statement or of a period is one key range; with `referenciaTipo` the period’s entries are read newest first until the page is full.',
    ].join('\n\n'),
    query: statementListQuery,
    responses: { 200: ok('One page of statement entries.', elementsPage(statementEntry)) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/extrato/csv': {
    summary: 'The filtered statement as CSV',
    description: [
      `The entries \`GET /api/admin/extrato\` selects with the same filters, oldest first (chain order), as \`text/csv; charset=utf-8\`, a download named \`extrato-<de>-<ate>.csv\` (\`inicio\` without \`de\`, today without \`ate\`). ${periodText}`,
      `Columns: ${statementCsvColumns.map((c) => `\`${c}\``).join(', ')}; lines end CRLF, decimals use a dot, fields with a comma, quote or line break are quoted (RFC 4180). \`valor\` is signed (a debit negative), so without \`referenciaTipo\` the column sums to the change in balance over the period. A text cell starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return is prefixed with \`'\` so no spreadsheet runs it as a formula (numbers are left as they are).`,
      `At most ${STATEMENT_CSV_MAX_ENTRIES} entries: a period holding more is 422 \`unprocessable_entity\` with \`total\` and \`maximo\` (narrow it).`,
      'A route of its own rather than `Accept: text/csv` on the list: one media type per answer keeps the contract and the generated client plain, and a cache or the gateway never mixes the two answers of one URL.',
    ].join('\n\n'),
    query: statementFilterQuery,
    responses: {
      200: {
        description: 'The CSV.',
        contentType: 'text/csv',
        headers: {
          'Content-Disposition': { description: '`attachment; filename="extrato-<de>-<ate>.csv"`.' },
          'Cache-Control': { description: '`no-store`.' },
        },
      },
    },
    errors: { 400: ['validation_error'], 422: ['unprocessable_entity'] },
  },
};

// ---------------------------------------------------------------------------------------------
// Shapes

const masked = described(z.string(), 'The secret masked: `****` and its last four characters (`****` alone for a short one).');

const providerASettings = named(
  'AdminProviderASettings',
  z.object({ accountSid: z.string(), authToken: masked, fromNumber: z.string(), baseUrl: z.string() }),
  'provider_a settings as the admin panel shows them: the secret masked.',
);
const providerBSettings = named(
  'AdminProviderBSettings',
  z.object({
    phoneNumberId: z.string(),
    accessToken: masked,
    appSecret: masked,
    verifyToken: masked,
    baseUrl: z.string(),
    wabaId: z.nullable(z.string()),
  }),
  'provider_b settings as the admin panel shows them: the secrets masked.',
);

const applicationFields = {
  id,
  nome: z.string(),
  slug: z.string(),
  provider: z.enum(providers),
  ativo: z.boolean(),
  mensagensPorSegundo: described(
    z.int(),
    'Its campaigns’ pace: messages started per second across every worker (80, WhatsApp’s default per business number, unless the platform admin set another).',
  ),
  criadoEm: timestamp,
  /** The public half of the current API key pair (null before one is issued). */
  apiKey: z.nullable(z.string()),
  numerosWhatsapp: described(z.array(z.string()), 'The application’s WhatsApp numbers (E.164), each unique on the platform.'),
  providerA: z.nullable(providerASettings),
  providerB: z.nullable(providerBSettings),
  carimboTempo: described(
    z.boolean(),
    'RFC 3161 time stamps of its consent changes, /execucao results and refunds, each charged CARIMBO_TEMPO (docs/stamps.md).',
  ),
};
export const application = named('AdminApplication', z.object(applicationFields), 'An application (tenant), its provider secrets masked.');

const apiCredentials = named(
  'AdminApiCredentials',
  z.object({ apiKey: z.string(), apiSecret: z.string() }),
  'An API key pair (X-Api-Key / X-Api-Secret). The secret is shown only in this answer.',
);

const applicationWithBalance = named(
  'AdminApplicationWithBalance',
  z.object({ ...applicationFields, saldo: z.nullable(money) }),
  'An application with its prepaid balance (null when it has none).',
);
const applicationCreated = named(
  'AdminApplicationCreated',
  z.object({ ...applicationFields, saldo: money, credenciais: apiCredentials }),
  'The new application, its opening balance and its first API key pair.',
);

const scope = z.enum(scopes);
const oauthClient = named(
  'AdminOAuthClient',
  z.object({ clientId: z.string(), nome: z.string(), scopes: z.array(scope), criadoEm: timestamp, revogadoEm: z.nullable(timestamp) }),
  'An OAuth2 client of the application (revoked ones included, with revogadoEm).',
);
const oauthClientCreated = named(
  'AdminOAuthClientCreated',
  z.object({ clientId: z.string(), clientSecret: z.string(), scopes: z.array(scope), nome: z.string() }),
  'The new OAuth2 client. The secret is shown only in this answer.',
);

export const tariff = named(
  'AdminTariff',
  z.extend(financeTariff, {
    aplicacaoId: described(z.nullable(id), 'The application the tariff is for; null for a global tariff.'),
    criadoEm: timestamp,
    atualizadoEm: timestamp,
  }),
  'A tariff as the admin panel manages it: global, or one application’s own (which overrides the global one of the same categoria and subtipo while in force).',
);

export const portalUser = named(
  'AdminPortalUser',
  z.object({
    id,
    nome: z.string(),
    email: described(z.string(), 'Lower-cased.'),
    role: z.enum(portalRoles),
    aplicacaoId: id,
    prestadorId: z.optional(id),
    telefone: z.optional(z.string()),
    plataforma: z.optional(z.literal(true)),
  }),
  'A portal user (never its password). prestadorId only for a prestador, telefone only for a paciente, plataforma only for a platform administrator.',
);

// documented, not validated by a schema: the handler checks {id} with pathId and {clientId} with CLIENT_ID,
// and answers a malformed value with the same 404 as an unknown one (a schema would make it a 400).
const oauthClientPath = z.object({
  id: z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  clientId: z.string().check(z.regex(CLIENT_ID), z.maxLength(128)),
});

const onlyPlatform = 'Platform administrators only (403 `forbidden` for any other admin).';

const aiTotals = {
  interacoes: described(z.int(), 'Calls to the model.'),
  cobradas: described(z.int(), 'Those charged (an IA_INTERACAO entry): answers sent, suggestions given, drafts made.'),
  tokensEntrada: z.int(),
  tokensSaida: z.int(),
  cobrado: money,
  custoModelo: described(z.nullable(z.string()), 'What the tokens cost (BRL, six places).'),
  margem: described(z.nullable(z.string()), '`cobrado - custoModelo` (BRL, six places).'),
};
const aiSummary = named(
  'AiSummary',
  z.object({
    mes: z.string(),
    cotacaoUsdBrl: z.nullable(z.string()),
    total: named('AiMargin', z.object(aiTotals)),
    aplicacoes: z.array(
      named(
        'AiApplicationMargin',
        z.object({
          aplicacaoId: id,
          nome: z.nullable(z.string()),
          modelo: described(z.nullable(z.string()), 'The model its tokens are costed at.'),
          ...aiTotals,
        }),
      ),
    ),
  }),
);
const ownOrPlatform = 'An admin who is not a platform administrator may only name its own application: any other id is a 404.';

// ---------------------------------------------------------------------------------------------
// Routes

export const adminContract = {
  ...adminMoneyContract,
  'GET /api/admin/ia/resumo': {
    summary: 'The platform’s AI margin: a month’s interactions per application',
    description: [
      onlyPlatform,
      '`mes` (YYYY-MM, America/Sao_Paulo; default the current month). For each application with AI interactions that month (automatic answers, reply suggestions, template drafts; docs/ai.md): how many, how many were charged, the model’s input and output tokens, what was charged (`cobrado`, the IA_INTERACAO entries), what the tokens cost at the model’s published on-demand price converted at the current USD->BRL rate (`custoModelo`, six places), and `margem` (`cobrado - custoModelo`). `custoModelo` and `margem` are null when the model has no known price or there is no rate.',
      'One Query of the month’s totals, kept in each interaction’s own commit.',
    ].join('\n\n'),
    query: aiSummaryQuery,
    responses: { 200: ok('The month’s AI interactions and margin.', aiSummary) },
    errors: { 400: ['validation_error'], 403: ['forbidden'] },
  },
  'POST /api/admin/aplicacoes': {
    summary: 'Register an application with its first API key pair',
    description: [
      onlyPlatform,
      '`slug`: 3 to 40 lower-case letters, digits or hyphens, not starting or ending with a hyphen; 409 when another application has it.',
      'The chosen `provider` needs its complete settings block (`link` needs none); `baseUrl` defaults to the provider’s public API.',
      'Provider secrets are kept in the secret store and answered masked; the API secret (`credenciais.apiSecret`) is shown only in this answer.',
      'provider_a’s `fromNumber` becomes one of the application’s WhatsApp numbers (409 when another application holds it).',
    ].join('\n\n'),
    body: newApplicationBody,
    responses: { 201: ok('The application, its opening balance and its first API key pair.', applicationCreated) },
    errors: { 400: ['validation_error'], 409: ['conflict'] },
  },
  'GET /api/admin/aplicacoes': {
    summary: 'List every application, by id',
    description: onlyPlatform,
    query: pagingQuery,
    responses: { 200: ok('One page of applications.', elementsPage(application)) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/aplicacoes/{id}': {
    summary: 'One application, with its balance',
    description: ownOrPlatform,
    responses: { 200: ok('The application, its provider secrets masked.', applicationWithBalance) },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/admin/aplicacoes/{id}/provider': {
    summary: 'Change the provider and/or its settings',
    description: [
      ownOrPlatform,
      'The fields given replace the stored ones; the others are kept. The provider in effect must have complete settings, and so must a block given for the other provider (400 naming the missing one). The change applies from the next request on.',
      'Only a platform administrator may set a `baseUrl` (403 `forbidden`).',
      'A new provider_a `fromNumber` becomes one of the application’s WhatsApp numbers (409, nothing changed, when another application holds it).',
    ].join('\n\n'),
    body: providerChangeBody,
    responses: { 200: ok('The application as changed.', application) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'POST /api/admin/aplicacoes/{id}/credenciais': {
    summary: 'Replace the API key pair',
    description: `${ownOrPlatform}\n\nThe previous pair stops working in the same write. The secret is shown only in this answer.`,
    responses: { 201: ok('The new API key pair.', apiCredentials) },
    errors: { 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/admin/aplicacoes/{id}/oauth-clients': {
    summary: 'The application’s OAuth2 clients',
    description: `${ownOrPlatform}\n\nRevoked clients are listed too, with their revogadoEm. No secret is ever shown again.`,
    responses: { 200: ok('The clients.', z.array(oauthClient)) },
    errors: { 404: ['not_found'] },
  },
  'POST /api/admin/aplicacoes/{id}/oauth-clients': {
    summary: 'Register an OAuth2 client with its scopes',
    description: `${ownOrPlatform}\n\n\`scopes\`: at least one, each a known scope; the client may ask only for these. The client secret is shown only in this answer.`,
    body: oauthClientBody,
    responses: { 201: ok('The new client and its secret.', oauthClientCreated) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'POST /api/admin/aplicacoes/{id}/creditos': {
    summary: 'Add credit to the application’s balance',
    description: [
      onlyPlatform,
      '`valor`: a decimal string greater than 0 with at most 2 decimal places. Posts a CREDIT statement entry (referenciaTipo CREDITO); its default descricao is “Crédito adicionado pelo painel administrativo”.',
      '409 when the balance keeps changing concurrently: try again.',
    ].join('\n\n'),
    body: creditBody,
    responses: { 201: ok('The statement entry of the credit.', statementEntry) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/admin/usuarios': {
    summary: 'List the application’s portal users',
    description:
      'The portal users of the admin’s own application (a platform administrator’s too: its token’s application), every role, never a password; paged (`page` from 0, `size` 1 to 100, default 20), in the order of their ids as text.',
    query: pagingQuery,
    responses: { 200: ok('One page of users.', named('AdminPortalUserPage', elementsPage(portalUser))) },
    errors: { 400: ['validation_error'] },
  },
  'POST /api/admin/usuarios': {
    summary: 'Create a portal user',
    description: [
      'The user belongs to the admin’s own application; a platform administrator may name another one with `aplicacaoId` (for any other admin another application is a 404) and only it may create another platform administrator (`plataforma`, 403 otherwise).',
      'admin, prestador, plantonista: `senha` required (12 to 256 characters), no `telefone`. paciente: `telefone` in E.164 required, no `senha` (one-time codes). prestador: `prestadorId` of a prestador of the same application; no other role takes one. `plataforma` only for an admin.',
      '409 when the e-mail (or a paciente’s phone) is already in use.',
    ].join('\n\n'),
    body: newUserBody,
    responses: { 201: ok('The user, without its password.', portalUser) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'GET /api/admin/tarifas': {
    summary: 'The tariff catalogue, by id',
    description:
      'A platform administrator sees every tariff; any other admin the global ones and its own application’s. Inactive and out-of-validity tariffs are included.',
    responses: { 200: ok('The tariffs.', z.array(tariff)) },
  },
  'POST /api/admin/tarifas': {
    summary: 'Create a tariff',
    description: [
      onlyPlatform,
      '`categoria`, `subtipo`, `unidade`: upper-case letters, digits and `_`. `valor`: a decimal string of at least 0 with at most 2 decimal places. `aplicacaoId` absent or null: a global tariff. `vigenciaInicio`/`vigenciaFim`: dates (YYYY-MM-DD), inclusive, the end not before the start.',
      'Absent descriptions are derived from the codes; `ativo` defaults to true.',
    ].join('\n\n'),
    body: newTariffBody,
    responses: { 201: ok('The tariff.', tariff) },
    errors: { 400: ['validation_error'] },
  },
  'PUT /api/admin/tarifas/{id}': {
    summary: 'Change a tariff',
    description: `${onlyPlatform}\n\nOnly the fields sent change, under the same rules as at creation.`,
    body: tariffChangeBody,
    responses: { 200: ok('The tariff as changed.', tariff) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'POST /api/admin/aplicacoes/{id}/estornos': {
    summary: 'Refund a debit of the statement',
    description: [
      onlyPlatform,
      'Posts a CREDIT of the debit’s valor (referenciaTipo ESTORNO, referenciaId the refunded entry). An entry is refunded at most once: a second refund (or of a failed send already compensated) is a 409.',
      'Only a debit greater than 0.00 can be refunded (400 naming lancamentoId); an unknown entry is a 404.',
    ].join('\n\n'),
    body: refundBody,
    responses: { 201: ok('The statement entry of the refund.', statementEntry) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'PUT /api/admin/aplicacoes/{id}/numeros': {
    summary: 'Replace the application’s WhatsApp numbers',
    description: [
      ownOrPlatform,
      'Numbers with their country code, normalised to E.164, repeats dropped, at most 10. Inbound messages find their application by these numbers, so each belongs to one application on the whole platform (409, nothing changed, when another holds one).',
      'While the application sends through provider_a, its `fromNumber` must stay one of them (400).',
    ].join('\n\n'),
    body: numbersBody,
    responses: { 200: ok('The application as changed.', application) },
    errors: { 400: ['validation_error'], 404: ['not_found'], 409: ['conflict'] },
  },
  'PUT /api/admin/aplicacoes/{id}/ativo': {
    summary: 'Activate or deactivate an application',
    description: `${onlyPlatform}\n\nAn inactive application’s API key gets 401 at once and its sends 403; OAuth access tokens already issued stay valid until they expire.`,
    body: activeBody,
    responses: { 200: ok('The application as changed.', application) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'PUT /api/admin/aplicacoes/{id}/ritmo': {
    summary: 'Set the application’s campaign pace',
    description: `${onlyPlatform}\n\n\`mensagensPorSegundo\`: an integer from 1 to 1000 (the most WhatsApp’s cloud API lets one business number send). Campaigns never start more messages than this in any second, however many workers run; a running campaign follows the new pace from its next slice (at most 20 s). Direct API sends are not paced.`,
    body: paceBody,
    responses: { 200: ok('The application as changed.', application) },
    errors: { 400: ['validation_error'], 403: ['forbidden'], 404: ['not_found'] },
  },
  'PUT /api/admin/aplicacoes/{id}/prestadores/{prestadorId}/ativo': {
    summary: 'Activate or deactivate a prestador',
    description: `${ownOrPlatform}\n\nAn inactive prestador’s credentials are refused (401) by their authorizer. 404 when the application has no such prestador.`,
    body: activeBody,
    responses: { 200: ok('The prestador’s new state.', z.object({ prestadorId: id, ativo: z.boolean() })) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'DELETE /api/admin/aplicacoes/{id}/oauth-clients/{clientId}': {
    summary: 'Revoke an OAuth2 client',
    description: `${ownOrPlatform}\n\nThe token endpoint refuses the client from now on (it stays listed, with revogadoEm); tokens it already got live until they expire. Revoking it again changes nothing. 404 when the application has no such client.`,
    path: oauthClientPath,
    responses: { 204: noContent },
    errors: { 404: ['not_found'] },
  },
  'PUT /api/admin/aplicacoes/{id}/carimbo-tempo': {
    summary: 'Turn RFC 3161 time stamps on or off',
    description: [
      ownOrPlatform,
      'With `ativo` true, every consent change of its patients, every `/execucao` result and every refund (POST /api/admin/aplicacoes/{id}/estornos) gets an RFC 3161 time-stamp token from the time-stamp authority, over the SHA-256 of the exact bytes kept for that event, charged one CARIMBO_TEMPO entry (tariff CARIMBO_TEMPO/RFC3161) per token. The event never waits on the TSA: its stamp is PENDENTE until the token is kept, retried every minute while the TSA does not answer (docs/stamps.md). Events before the switch are not stamped.',
    ].join('\n\n'),
    body: activeBody,
    responses: { 200: ok('The application as changed.', application) },
    errors: { 400: ['validation_error'], 404: ['not_found'] },
  },
  'GET /api/admin/carimbos/{id}': {
    summary: 'One RFC 3161 time stamp',
    description:
      'A stamp of the token’s application (a platform admin: of any application); another application’s, or an unknown id, is 404. `status` PENDENTE (the TSA has not stamped it yet: `carimbo` null, retried every minute) or CARIMBADO (`carimbo` with the bytes and the token, `lancamentoId` its CARIMBO_TEMPO entry).',
    path: z.object({ id: described(z.string().check(z.maxLength(36)), 'The stamp’s id (a UUID).') }),
    responses: {
      200: ok(
        'The stamp.',
        named(
          'AdminTimeStamp',
          z.object({
            id: z.string(),
            aplicacaoId: id,
            origem: described(z.enum(stampOrigins), 'The event stamped: a consent change, an /execucao result, a refund.'),
            referencia: described(z.string(), 'The event: `<pacienteId>/<tipo>/<versao>`, the appointment’s id, the refund’s entry id.'),
            status: z.enum(stampStatuses),
            criadoEm: timestamp,
            carimbadoEm: z.nullable(timestamp),
            lancamentoId: described(z.nullable(id), 'Its CARIMBO_TEMPO statement entry.'),
            carimbo: z.nullable(stampEvidence),
          }),
          'An RFC 3161 time stamp of one event, pending or stamped.',
        ),
      ),
    },
    errors: { 404: ['not_found'] },
  },
} satisfies GroupContract<'admin'>;

// Contract of the admin console's Início, Mensagens and Extrato routes (#26), for the token's application
// (a platform administrator sees its own application's here too): the overview, the message log with one
// message's timeline and charge, the statement with its filters and its CSV export.
import * as z from 'zod/mini';
import { statementFilterQuery, statementListQuery } from '#functions/admin/statement';
import { adminMessageListQuery } from '#functions/admin-whatsapp/messages';
import { providers } from '#shared/domain/applications/records';
import { messageStatuses } from '#shared/domain/messages/records';
import { LOW_BALANCE_MESSAGES, OVERVIEW_DAYS } from '#shared/operations/overview';
import { STATEMENT_CSV_MAX_ENTRIES, statementCsvColumns } from '#shared/operations/statement';
import { statementEntry } from './finance.ts';
import { date, described, elementsPage, id, money, named, ok, timestamp, type GroupContract } from './kit.ts';
import { externalMessage } from './messages.ts';

const statusCounts = named(
  'MessageStatusCounts',
  z.object({ ...Object.fromEntries(messageStatuses.map((s) => [s, z.int()])), total: z.int() } as Record<
    (typeof messageStatuses)[number] | 'total',
    z.ZodMiniInt
  >),
  'Messages sent on one day, by their current status (a message counts on the day it was sent, under the status it has now); `total` is their sum.',
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

const timelineStep = named(
  'MessageTimelineStep',
  z.object({
    status: z.enum(messageStatuses),
    statusDescricao: z.string(),
    em: described(
      z.nullable(timestamp),
      'When the message reached this status; null only for a message sent before the timeline was recorded.',
    ),
    errorCode: described(z.nullable(z.string()), 'The provider’s error code of a FAILED or UNDELIVERED step; null otherwise.'),
    errorMessage: z.nullable(z.string()),
  }),
);

const adminMessage = named(
  'AdminMessage',
  z.object({
    ...externalMessage.shape,
    historico: described(
      z.array(timelineStep),
      'Every status the message went through, in order (QUEUED, SENT, DELIVERED, READ; or FAILED with its error). Statuses never move back, so a callback that arrives after a later one leaves no step.',
    ),
    lancamento: described(
      z.nullable(
        z.object({
          id,
          tipo: z.enum(['CREDIT', 'DEBIT']),
          valor: money,
          descricao: z.string(),
          criadoEm: timestamp,
          saldoPosterior: money,
        }),
      ),
      'The statement entry that charged the message (`tarifaCobrada` is its cost); null for a message that was not charged.',
    ),
  }),
  'One message with its status timeline and its statement entry.',
);

const periodText =
  '`de` and `ate` are the first and last days (YYYY-MM-DD, America/Sao_Paulo, both included); `ate` before `de`, or a day that does not exist, is 400.';

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

export const adminMessagesContract: Pick<GroupContract<'admin-whatsapp'>, 'GET /api/admin/mensagens' | 'GET /api/admin/mensagens/{id}'> = {
  'GET /api/admin/mensagens': {
    summary: 'Messages the token’s application sent, newest first, with filters',
    description: [
      `For the application of the token. \`status\` and \`contexto\` keep one value; \`telefone\` (with its country code; anything else is 400) the messages to one patient; ${periodText.replace('`de` and `ate` are the first and last days', '`de` and `ate` are the first and last send days')}`,
      '`totalElements` comes from counters (per status and context, and per send day for a period), so it costs the same whatever the history; with `telefone` it is a count of the period’s messages (of the whole history without a period), so give a period with a phone.',
    ].join('\n\n'),
    query: adminMessageListQuery,
    responses: { 200: ok('One page of messages.', elementsPage(externalMessage)) },
    errors: { 400: ['validation_error'] },
  },
  'GET /api/admin/mensagens/{id}': {
    summary: 'One message with its status timeline and statement entry',
    description: 'Another application’s message is the same 404 as an unknown one.',
    responses: { 200: ok('The message.', adminMessage) },
    errors: { 404: ['not_found'] },
  },
};

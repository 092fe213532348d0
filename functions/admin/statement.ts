// The console's Início and Extrato, for the token's application (a platform admin sees its own):
//   GET /api/admin/resumo        balance, spend today and this month, messages by status (today, 30 days), low balance, provider, numbers
//   GET /api/admin/extrato       the statement, newest first, filtered by period (de, ate) and referenciaTipo, paged
//   GET /api/admin/extrato/csv   the same selection as CSV, oldest first (text/csv; attachment)
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoStatementRepository } from '#shared/db/ledger';
import { dayCounters } from '#shared/db/messages';
import { dynamoTariffCatalogue } from '#shared/db/tariffs';
import { elementsPageOf } from '#shared/domain/paging';
import { localDate } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { validate } from '#shared/http/validation';
import { overview } from '#shared/operations/overview';
import { statementCsv, statementExport, statementPage } from '#shared/operations/statement';
import { statementFilterQuery, statementListQuery } from './requests.ts';
import type { adminContract } from './contract.ts';

const applications = dynamoApplicationReader();
const statements = dynamoStatementRepository();
const tariffs = dynamoTariffCatalogue();

const filterOf = (query: Record<string, string>) =>
  validate(statementFilterQuery, { de: query.de, ate: query.ate, referenciaTipo: query.referenciaTipo }, 'query');

export const statementOperations: Operations<'admin', typeof adminContract> = {
  'GET /api/admin/resumo': async (request) => {
    const deps = {
      getApplication: (id: number) => applications.getApplication(id),
      statements,
      messageDays: dayCounters,
      tariffs: () => tariffs.listAll(),
    };
    return json(200, await overview(deps, request.principal.aplicacaoId, new Date()));
  },

  'GET /api/admin/extrato': async (request) => {
    const { query } = request;
    const { page, size, ...filter } = validate(
      statementListQuery,
      { page: query.page, size: query.size, de: query.de, ate: query.ate, referenciaTipo: query.referenciaTipo },
      'query',
    );
    const paging = { page, size };
    const { content, total } = await statementPage(statements, request.principal.aplicacaoId, filter, paging);
    return json(200, elementsPageOf(content, total, paging));
  },

  'GET /api/admin/extrato/csv': async (request) => {
    const filter = filterOf(request.query);
    const entries = await statementExport(statements, request.principal.aplicacaoId, filter);
    const name = `extrato-${filter.de ?? 'inicio'}-${filter.ate ?? localDate(new Date())}.csv`;
    return {
      statusCode: 200,
      body: statementCsv(entries),
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'no-store',
      },
    };
  },
};

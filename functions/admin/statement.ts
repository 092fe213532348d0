// The console's Início and Extrato, for the token's application (a platform admin sees its own):
//   GET /api/admin/resumo        balance, spend today and this month, messages by status (today, 30 days), low balance, provider, numbers
//   GET /api/admin/extrato       the statement, newest first, filtered by period (de, ate) and referenciaTipo, paged
//   GET /api/admin/extrato/csv   the same selection as CSV, oldest first (text/csv; attachment)
import * as z from 'zod/mini';
import { dynamoApplicationReader } from '#shared/db/applications';
import { dynamoStatementRepository } from '#shared/db/ledger';
import { dayCounters } from '#shared/db/messages';
import { dynamoTariffCatalogue } from '#shared/db/tariffs';
import { elementsPageOf } from '#shared/domain/paging';
import { localDate } from '#shared/domain/time';
import { json, type Operations } from '#shared/http/kit';
import { pagingQuery } from '#shared/http/paging';
import { validate } from '#shared/http/validation';
import { overview } from '#shared/operations/overview';
import { statementCsv, statementExport, statementPage } from '#shared/operations/statement';

const applications = dynamoApplicationReader();
const statements = dynamoStatementRepository();
const tariffs = dynamoTariffCatalogue();

const day = z.string().check(z.maxLength(10), z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' }));

/** The statement's filters: the period's first and last days (both included) and the entries' origin. */
export const statementFilterQuery = z.object({
  de: z.optional(day),
  ate: z.optional(day),
  referenciaTipo: z.optional(
    z.string().check(z.maxLength(40), z.regex(/^[A-Z][A-Z0-9_]{0,39}$/, { error: 'must be upper-case letters, digits and _' })),
  ),
});
export const statementListQuery = z.extend(pagingQuery, statementFilterQuery.shape);

const filterOf = (query: Record<string, string>) =>
  validate(statementFilterQuery, { de: query.de, ate: query.ate, referenciaTipo: query.referenciaTipo }, 'query');

export const statementOperations: Operations<'admin'> = {
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

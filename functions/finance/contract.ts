// Contract of the finance group (API key and secret): the balance, the statement, the tariffs.
import * as z from 'zod/mini';
import { pagingQuery } from '#shared/http/paging';
import { elementsPage, money, ok, type GroupContract } from '#shared/http/contract/kit';
import { statementEntry, tariff } from '#shared/http/contract/resources';

export const financeContract = {
  'GET /api/external/financeiro/saldo': {
    summary: 'Balance of the application',
    responses: { 200: ok('The prepaid balance.', z.object({ saldo: money, moeda: z.literal('BRL') })) },
    errors: { 404: ['not_found'] },
  },
  'GET /api/external/financeiro/tarifas': {
    summary: 'Tariffs in force for the application',
    responses: { 200: ok('The platform tariffs, with the application’s own in their place.', z.array(tariff)) },
  },
  'GET /api/external/financeiro/extrato': {
    summary: 'Statement, newest first',
    query: pagingQuery,
    responses: { 200: ok('One page of statement entries.', elementsPage(statementEntry)) },
    errors: { 400: ['validation_error'] },
  },
} satisfies GroupContract<'finance'>;

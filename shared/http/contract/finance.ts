// Contract of the finance and configuration groups (API key and secret).
import * as z from 'zod/mini';
import { pagingQuery } from '#shared/http/paging';
import { date, described, elementsPage, id, money, named, ok, timestamp, type GroupContract } from './kit.ts';

export const tariff = named(
  'Tariff',
  z.object({
    id,
    categoria: z.string(),
    subtipo: z.string(),
    subtipoDescricao: z.string(),
    valor: money,
    unidade: z.string(),
    unidadeDescricao: z.string(),
    moeda: z.literal('BRL'),
    descricao: z.string(),
    ativo: z.boolean(),
    vigenciaInicio: described(z.nullable(date), 'First day in force (inclusive); null: since always.'),
    vigenciaFim: described(z.nullable(date), 'Last day in force (inclusive); null: open-ended.'),
  }),
);

const nullableMoney = z.nullable(money);
export const statementEntry = named(
  'StatementEntry',
  z.object({
    id,
    tipo: z.enum(['CREDIT', 'DEBIT']),
    valor: money,
    saldoAnterior: money,
    saldoPosterior: money,
    descricao: z.string(),
    referenciaTipo: z.string(),
    referenciaId: z.nullable(id),
    tarifaCobrada: nullableMoney,
    custoProviderAUsd: nullableMoney,
    custoProviderABrl: nullableMoney,
    custoProviderBUsd: nullableMoney,
    custoProviderBBrl: nullableMoney,
    cotacaoUsdBrl: nullableMoney,
    tipoConversa: z.nullable(z.enum(['UTILITY', 'AUTHENTICATION', 'MARKETING', 'SERVICE'])),
    criadoEm: timestamp,
  }),
);

export const financeContract: GroupContract<'finance'> = {
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
};

export const configContract: GroupContract<'config'> = {
  'GET /api/v2/config/status': {
    summary: 'Whether the application’s WhatsApp provider is configured and active',
    responses: {
      200: ok(
        'The integration status.',
        named(
          'IntegrationStatus',
          z.object({ configured: z.boolean(), active: z.boolean(), provider: z.enum(['provider_a', 'provider_b', 'link']) }),
        ),
      ),
    },
    errors: { 404: ['not_found'] },
  },
  'GET /api/v2/stats': {
    summary: 'Number of messages the application has sent',
    responses: { 200: ok('The count.', z.object({ totalMensagens: z.int() })) },
  },
};

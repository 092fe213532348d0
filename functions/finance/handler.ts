// /api/external/financeiro: balance, tariffs in force, statement. Each a key read of the tenant's own items.
import type * as z from 'zod/mini';
import { dynamoStatementRepository } from '#shared/db/ledger';
import { dynamoTariffCatalogue } from '#shared/db/tariffs';
import type { StatementEntry } from '#shared/domain/ledger';
import { notFound } from '#shared/domain/errors';
import { tariffsInForce, today, type Tariff } from '#shared/domain/tariffs';
import { groupHandler, json } from '#shared/http/kit';
import { readPaging } from '#shared/http/paging';
import { elementsPageOf } from '#shared/domain/paging';
import type { statementEntry, tariff } from '#shared/http/contract/resources';
import type { financeContract } from './contract.ts';

const statements = dynamoStatementRepository();
const tariffs = dynamoTariffCatalogue();

/** The spec's Tariff, plus its validity. */
export const tariffView = (t: Tariff): z.output<typeof tariff> => ({
  id: t.id,
  categoria: t.categoria,
  subtipo: t.subtipo,
  subtipoDescricao: t.subtipoDescricao,
  valor: t.valor,
  unidade: t.unidade,
  unidadeDescricao: t.unidadeDescricao,
  moeda: t.moeda,
  descricao: t.descricao,
  ativo: t.ativo,
  vigenciaInicio: t.vigenciaInicio,
  vigenciaFim: t.vigenciaFim,
});

/** The spec's Statement entry (the stored one already has exactly its fields). */
export const entryView = (e: StatementEntry): z.output<typeof statementEntry> => ({ ...e });

export const handler = groupHandler<typeof financeContract>('finance', {
  'GET /api/external/financeiro/saldo': async (request) => {
    const saldo = await statements.getSaldo(request.principal.aplicacaoId);
    if (saldo === undefined) throw notFound('balance');
    return json(200, { saldo, moeda: 'BRL' });
  },

  'GET /api/external/financeiro/tarifas': async (request) => {
    return json(200, tariffsInForce(await tariffs.listAll(), request.principal.aplicacaoId, today(new Date())).map(tariffView));
  },

  'GET /api/external/financeiro/extrato': async (request) => {
    const paging = readPaging(request.query);
    const { content, total } = await statements.statementPage(request.principal.aplicacaoId, paging.page, paging.size);
    return json(200, elementsPageOf(content.map(entryView), total, paging));
  },
});

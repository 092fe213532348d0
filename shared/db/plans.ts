// Plans in the single table (docs/data-model.md, pattern 14): one partition of a handful of items,
// listed with one Query. The price is an exact DynamoDB number, read back as a decimal string.
import { GetCommand, NumberValue, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db as defaultDb, queryPrefix, tableName as defaultTable, type Db } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { numberText } from '#shared/db/numbers';
import { toMoney } from '#shared/domain/money';
import type { Plan, PlanRepository } from '#shared/domain/plans';

const toPlan = (item: Record<string, unknown>): Plan => ({
  id: Number(item.id),
  nome: typeof item.nome === 'string' ? item.nome : '',
  descricao: typeof item.descricao === 'string' ? item.descricao : '',
  precoMensal: toMoney(numberText(item.precoMensal)),
  moeda: 'BRL',
  mensagensIncluidas: Number(item.mensagensIncluidas ?? 0),
  recursos: Array.isArray(item.recursos) ? item.recursos.map(String) : [],
  ativo: item.ativo === true,
});

export function dynamoPlanRepository(db: () => Db = defaultDb, table: () => string = defaultTable): PlanRepository {
  return {
    async listActive() {
      // One query in practice (a few items).
      const items = await queryPrefix(
        keys.plans(),
        { FilterExpression: 'ativo = :ativo', ExpressionAttributeValues: { ':ativo': true } },
        db,
        table,
      );
      return items.map(toPlan);
    },

    async get(id) {
      const out = await db().send(new GetCommand({ TableName: table(), Key: keys.plan(id) }));
      return out.Item ? toPlan(out.Item) : undefined;
    },

    async createIfAbsent(plan) {
      return conditional(() =>
        db().send(
          new PutCommand({
            TableName: table(),
            Item: {
              ...keys.plan(plan.id),
              tipo: 'PLANO',
              id: plan.id,
              nome: plan.nome,
              descricao: plan.descricao,
              // An exact decimal number in DynamoDB (never a float on the way).
              precoMensal: NumberValue.from(toMoney(plan.precoMensal)),
              moeda: plan.moeda,
              mensagensIncluidas: plan.mensagensIncluidas,
              recursos: plan.recursos,
              ativo: plan.ativo,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          }),
        ),
      );
    },
  };
}

// DynamoDB tariffs (docs/data-model.md, pattern 18): every field of Tariff; valor a DynamoDB number;
// aplicacaoId null when global.
// One small partition for the whole catalogue: the tariffs in force for an application are one
// Query of it, filtered in code (global and per-application tariffs together).
import { GetCommand, NumberValue, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, isConditionFailure, queryAll, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { boolean, decimal, fieldsOf, number, oneOf, string, type Item } from '#shared/db/item';
import { storedAmount } from '#shared/db/numbers';
import * as keys from '#shared/db/keys';
import { notFound } from '#shared/domain/errors';
import type { Tariff, TariffCatalogue, TariffRepository } from '#shared/domain/tariffs';

const toItem = (t: Tariff): Item => ({ ...keys.tariff(t.id), tipo: 'TARIFA', ...t, valor: NumberValue.from(t.valor) });

function itemToTariff(item: Item): Tariff {
  const f = fieldsOf(item);
  return {
    id: f.read('id', number),
    categoria: f.read('categoria', string),
    subtipo: f.read('subtipo', string),
    subtipoDescricao: f.read('subtipoDescricao', string),
    valor: storedAmount(f.read('valor', decimal)),
    unidade: f.read('unidade', string),
    unidadeDescricao: f.read('unidadeDescricao', string),
    moeda: f.read('moeda', oneOf(['BRL'] as const)),
    descricao: f.read('descricao', string),
    ativo: f.read('ativo', boolean),
    aplicacaoId: f.orElse('aplicacaoId', number, null),
    vigenciaInicio: f.orElse('vigenciaInicio', string, null),
    vigenciaFim: f.orElse('vigenciaFim', string, null),
    criadoEm: f.read('criadoEm', string),
    atualizadoEm: f.read('atualizadoEm', string),
  };
}

/** One Query of the small partition. */
async function listAll(): Promise<Tariff[]> {
  const items = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.tariffs().pk } });
  return items.map(itemToTariff);
}

/** The catalogue's read alone (the send path, /financeiro/tarifas): no write code in those bundles. */
export const dynamoTariffCatalogue = (): TariffCatalogue => ({ listAll });

export function dynamoTariffRepository(): TariffRepository {
  return {
    listAll,
    newId: () => nextId(),
    async get(id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.tariff(id), ConsistentRead: true }));
      return out.Item ? itemToTariff(out.Item) : undefined;
    },
    async createIfAbsent(tariff) {
      return conditional(() =>
        db().send(new PutCommand({ TableName: tableName(), Item: toItem(tariff), ConditionExpression: 'attribute_not_exists(pk)' })),
      );
    },
    async update(tariff) {
      try {
        await db().send(new PutCommand({ TableName: tableName(), Item: toItem(tariff), ConditionExpression: 'attribute_exists(pk)' }));
      } catch (error) {
        if (isConditionFailure(error)) throw notFound('tarifa');
        throw error;
      }
    },
  };
}

// DynamoDB tariffs (docs/data-model.md, patterns 18 and 18a): every field of Tariff; valor a DynamoDB number;
// aplicacaoId null when global.
// One small partition for the whole catalogue: the tariffs in force for an application are one
// Query of it, filtered in code (global and per-application tariffs together). Every write bumps the
// catalogue's version in the same transaction, so the send path reads the version with its other keys and
// queries the catalogue only when it changed (every send of every application would otherwise query this
// one partition).
import { GetCommand, NumberValue } from '@aws-sdk/lib-dynamodb';
import { db, queryAll, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { boolean, decimal, fieldsOf, number, oneOf, string, type Item } from '#shared/db/item';
import { storedAmount } from '#shared/db/numbers';
import * as keys from '#shared/db/keys';
import { commitWrites, conditionalWrite, putNew } from '#shared/db/unit-of-work';
import type { ConditionalWrite } from '#shared/domain/unit-of-work';
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

/** One consistent Query of the small partition: every write committed before it is in it. */
async function listAll(): Promise<Tariff[]> {
  const { pk, skPrefix } = keys.tariffs();
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ConsistentRead: true,
  });
  return items.map(itemToTariff);
}

/** The catalogue's read alone (/financeiro/tarifas, the statement): no write code in those bundles. */
export const dynamoTariffCatalogue = (): TariffCatalogue => ({ listAll });

/**
 * The send path's catalogue, kept per container: `at(versionItem)` takes the version item read (consistently)
 * with the send's other keys and answers from the copy while the version is the one it was queried at. A copy
 * queried after that version was read is at least as new as it, never older; a later version queries again.
 */
export function versionedTariffCatalogue() {
  let copy: { versao: number; tariffs: Promise<Tariff[]> } | undefined;
  return {
    versionKey: keys.tariffsVersion(),
    at(versionItem: Item | undefined): Promise<Tariff[]> {
      const versao = versionItem ? fieldsOf(versionItem).read('versao', number) : 0;
      if (copy?.versao !== versao) {
        const tariffs = listAll();
        copy = { versao, tariffs };
        // A failed query is not kept: the next send queries again.
        tariffs.catch(() => {
          if (copy?.tariffs === tariffs) copy = undefined;
        });
      }
      return copy.tariffs;
    },
  };
}

const bumpVersion = conditionalWrite({
  Update: { Key: keys.tariffsVersion(), UpdateExpression: 'ADD versao :um', ExpressionAttributeValues: { ':um': 1 } },
});

/**
 * A tariff's write with the version's bump, in one transaction; resubmitted when it met another write of the
 * catalogue (seeding writes the defaults together). False when the tariff's own condition refused it.
 */
async function writeWithVersion(put: ConditionalWrite<'refused'>): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await commitWrites([put, bumpVersion]);
    if (outcome.committed) return true;
    if (outcome.refusals.length > 0) return false;
    if (!outcome.raced || attempt >= 10) throw outcome.error;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
  }
}

export function dynamoTariffRepository(): TariffRepository {
  return {
    listAll,
    newId: () => nextId(),
    async get(id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.tariff(id), ConsistentRead: true }));
      return out.Item ? itemToTariff(out.Item) : undefined;
    },
    createIfAbsent: (tariff) => writeWithVersion(putNew(toItem(tariff), 'refused')),
    async update(tariff) {
      const replace = conditionalWrite({ Put: { Item: toItem(tariff), ConditionExpression: 'attribute_exists(pk)' } }, 'refused' as const);
      if (!(await writeWithVersion(replace))) throw notFound('tarifa');
    },
  };
}

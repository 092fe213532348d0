// DynamoDB side of the RFC 3161 time stamps (docs/data-model.md, patterns 48 and 48a; docs/stamps.md): one item per
// stamp, put in the event's own transaction with its pending listing on gsi1, and updated once, conditioned on
// PENDENTE, when its token is kept (the listing removed in the same write).
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { batchGetAll, conditional, db, tableName } from '#shared/db/client';
import { fieldsOf, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { tableKeys } from '#shared/db/table';
import { conditionalWrite, putNew } from '#shared/db/unit-of-work';
import { stampOrigins, stampStatuses, type Stamp, type StampRepository } from '#shared/domain/stamps';

const toStamp = (item: Item): Stamp => {
  const f = fieldsOf(item);
  return {
    id: f.read('id', string),
    aplicacaoId: f.read('aplicacaoId', number),
    origem: f.read('origem', oneOf(stampOrigins)),
    referencia: f.read('referencia', string),
    dados: f.read('dados', string),
    status: f.read('status', oneOf(stampStatuses)),
    token: f.read('token', nullable(string)),
    lancamentoId: f.read('lancamentoId', nullable(number)),
    criadoEm: f.read('criadoEm', string),
    carimbadoEm: f.read('carimbadoEm', nullable(string)),
  };
};

const stampedUpdate = (stamp: Stamp) => ({
  TableName: tableName(),
  Key: keys.stamp(stamp.id),
  UpdateExpression: 'SET #s = :carimbado, #t = :token, lancamentoId = :lancamento, carimbadoEm = :em REMOVE gsi1pk, gsi1sk',
  ConditionExpression: '#s = :pendente',
  ExpressionAttributeNames: { '#s': 'status', '#t': 'token' },
  ExpressionAttributeValues: {
    ':carimbado': 'CARIMBADO',
    ':pendente': 'PENDENTE',
    ':token': stamp.token,
    ':lancamento': stamp.lancamentoId,
    ':em': stamp.carimbadoEm,
  },
});

/** The application's switch (pattern 1's `carimboTempo`); not_found when there is no such application. */
export async function saveStampSetting(aplicacaoId: number, ativo: boolean, agora: string): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.application(aplicacaoId),
      UpdateExpression: 'SET carimboTempo = :a, atualizadoEm = :em',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':a': ativo, ':em': agora },
    }),
  );
}

export function dynamoStampRepository(): StampRepository {
  return {
    write: (stamp) =>
      // A UUID: never taken, so its condition has no refusal of its own.
      putNew({
        ...keys.stamp(stamp.id),
        ...(stamp.status === 'PENDENTE' ? keys.pendingStampListing(stamp.criadoEm, stamp.id) : {}),
        tipo: 'CARIMBO',
        ...stamp,
      }),

    async get(id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.stamp(id), ConsistentRead: true }));
      return out.Item ? toStamp(out.Item) : undefined;
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      return (await batchGetAll([...new Set(ids)].map((id) => keys.stamp(id)))).map(toStamp);
    },

    async pending(limit) {
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk',
          ExpressionAttributeValues: { ':pk': keys.pendingStamps().gsi1pk },
          Limit: limit,
        }),
      );
      // The index projects every attribute; an item stamped since (eventually consistent) is refused by the condition.
      return (out.Items ?? []).map(toStamp).filter((s) => s.status === 'PENDENTE');
    },

    stampedWrite: (stamp) => {
      const { TableName: _table, ...update } = stampedUpdate(stamp);
      return conditionalWrite({ Update: update }, 'already stamped');
    },

    markStamped: (stamp) => conditional(() => db().send(new UpdateCommand(stampedUpdate(stamp)))),
  };
}

/** The stamps of a stream's new images (the event source's filter keeps the stamp items on AWS; the local poller reads them all). */
export const stampsOfImages = (images: readonly Record<string, AttributeValue>[]): Stamp[] =>
  images.flatMap((image) => (image.sk?.S === keys.stamp('').sk ? [toStamp(unmarshall(image))] : []));

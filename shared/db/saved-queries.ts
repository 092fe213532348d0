// DynamoDB saved queries (docs/data-model.md, pattern 41): an integration's sets, one version after
// another, in the integration's own partition. A set is its queries (`QSET#<v>#Q#<position>`) and its
// header (`QSET#<v>#~`, sorted right after them), written last: a set counts only once its header is in.
// A reader reads descending from the newest items and takes the first header it meets with the queries
// below it; queries above that header belong to a set still being written and are passed over. Items
// are never changed once written: older versions are only deleted, after a newer header is in, and a
// reader that lost some of its set to that deletion sees fewer queries than the header's `total` and
// reads again (shared/domain/saved-queries.ts).
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchWriteAll, db, isConditionFailure, queryAll, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { fieldsOf, oneOf } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { queryTypes, type SavedQuery, type SavedQueryRepository, type SavedQuerySnapshot } from '#shared/domain/saved-queries';

/** The version part of a set's sort keys (`QSET#00000012#`). */
const versionPrefix = (versao: number) => keys.savedQuerySetHeader(0, 0, versao).sk.slice(0, -1);
const HEADER_SUFFIX = '#~';

const fromItem = (item: Record<string, unknown>): SavedQuery => ({
  id: Number(item.id),
  nome: String(item.nome),
  sql: String(item.sql),
  tipo: fieldsOf(item).read('tipoQuery', oneOf(queryTypes)),
  ativo: item.ativo === true,
  ultimaExecucao: typeof item.ultimaExecucao === 'string' ? item.ultimaExecucao : null,
});

/** The version of the newest set whose header is written: read down from the top, keys only. */
async function newestHeaderVersion(pk: string, skPrefix: string): Promise<number | undefined> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db().send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
        ProjectionExpression: 'sk, versao',
        ScanIndexForward: false,
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    const header = (out.Items ?? []).find((item) => String(item.sk).endsWith(HEADER_SUFFIX));
    if (header) return Number(header.versao);
    start = out.LastEvaluatedKey;
  } while (start);
  return undefined;
}

export function dynamoSavedQueryRepository(): SavedQueryRepository {
  return {
    newId: nextId,

    async drawVersion(aplicacaoId, integracaoId) {
      try {
        const out = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.integration(aplicacaoId, integracaoId),
            UpdateExpression: 'ADD versaoQueries :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1 },
            ReturnValues: 'UPDATED_NEW',
          }),
        );
        return Number(out.Attributes?.versaoQueries);
      } catch (error) {
        if (isConditionFailure(error)) return undefined;
        throw error;
      }
    },

    async writeSet(aplicacaoId, integracaoId, versao, queries, criadoEm) {
      // `tipo` names the item's kind in this table, so the query's own type is `tipoQuery`.
      await batchWriteAll(
        queries.map((q, position) => ({
          PutRequest: {
            Item: {
              ...keys.savedQuery(aplicacaoId, integracaoId, versao, position),
              tipo: 'QUERY',
              id: q.id,
              nome: q.nome,
              sql: q.sql,
              tipoQuery: q.tipo,
              ativo: q.ativo,
              ultimaExecucao: q.ultimaExecucao,
            },
          },
        })),
      );
      // Last, and alone: from this write on, readers see the new set.
      await batchWriteAll([
        {
          PutRequest: {
            Item: { ...keys.savedQuerySetHeader(aplicacaoId, integracaoId, versao), tipo: 'QSET', versao, total: queries.length, criadoEm },
          },
        },
      ]);
    },

    async deleteOlder(aplicacaoId, integracaoId, versao) {
      const { pk, skPrefix } = keys.savedQuerySets(aplicacaoId, integracaoId);
      // Below the newest header, not only below `versao`: a writer that drew an older version may have
      // finished its items after a newer writer's clean-up, and they would stay behind for good.
      const newest = Math.max(versao, (await newestHeaderVersion(pk, skPrefix)) ?? 0);
      const older = await queryAll({
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        // Every key of a lower version sorts below `QSET#<newest>#`; that version's own keys sort above it.
        ExpressionAttributeValues: { ':pk': pk, ':from': skPrefix, ':to': versionPrefix(newest) },
        ProjectionExpression: 'pk, sk',
      });
      await batchWriteAll(older.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
    },

    async readLatest(aplicacaoId, integracaoId): Promise<SavedQuerySnapshot | undefined> {
      const { pk, skPrefix } = keys.savedQuerySets(aplicacaoId, integracaoId);
      let header: { versao: number; total: number; prefix: string } | undefined;
      const queries: SavedQuery[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const out = await db().send(
          new QueryCommand({
            TableName: tableName(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
            ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
            ScanIndexForward: false,
            ConsistentRead: true,
            ExclusiveStartKey: start,
          }),
        );
        for (const item of out.Items ?? []) {
          const sk = String(item.sk);
          if (!header) {
            // Queries of a set whose header is not written yet come first: passed over.
            if (sk.endsWith(HEADER_SUFFIX)) {
              const versao = Number(item.versao);
              header = { versao, total: Number(item.total), prefix: versionPrefix(versao) };
            }
            continue;
          }
          // The first item past this set's queries ends the read.
          if (!sk.startsWith(`${header.prefix}Q#`)) return { versao: header.versao, total: header.total, queries: queries.reverse() };
          queries.push(fromItem(item));
        }
        start = out.LastEvaluatedKey;
      } while (start);
      return header && { versao: header.versao, total: header.total, queries: queries.reverse() };
    },
  };
}

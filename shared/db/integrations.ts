// DynamoDB integrations (docs/data-model.md, pattern 40): one item per integration in the
// application's partition; every change conditioned on the `versao` read.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, queryPrefix, tableName, withoutKeys } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import type { Integration, IntegrationRepository } from '#shared/domain/integrations';

const toItem = (i: Integration) => ({ ...keys.integration(i.aplicacaoId, i.id), tipo: 'INTEGRACAO', ...i });

const fromItem = (item: Record<string, unknown>): Integration => {
  const { versaoQueries: _drawn, ...rest } = withoutKeys(item);
  const integration = rest as unknown as Integration;
  return {
    ...integration,
    id: Number(item.id),
    aplicacaoId: Number(item.aplicacaoId),
    versao: Number(item.versao),
    conexao: { ...integration.conexao, ...('porta' in integration.conexao ? { porta: Number(integration.conexao.porta) } : {}) },
    intervaloMinutos: item.intervaloMinutos === null || item.intervaloMinutos === undefined ? null : Number(item.intervaloMinutos),
  };
};

export function dynamoIntegrationRepository(): IntegrationRepository {
  return {
    newId: nextId,

    async get(aplicacaoId, id) {
      const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.integration(aplicacaoId, id), ConsistentRead: true }));
      return out.Item ? fromItem(out.Item) : undefined;
    },

    async list(aplicacaoId) {
      return (await queryPrefix(keys.integrations(aplicacaoId), { ConsistentRead: true })).map(fromItem);
    },

    async create(integration) {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: toItem(integration), ConditionExpression: 'attribute_not_exists(pk)' }),
      );
    },

    update: (before, after) =>
      // An update, not a put: the saved-query counter (`versaoQueries`, pattern 41) belongs to the agent's PUT.
      conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.integration(before.aplicacaoId, before.id),
            UpdateExpression:
              'SET tipoIntegracao = :t, nome = :n, conexao = :c, segredos = :s, intervaloMinutos = :i, ativo = :a, versao = :next, atualizadoEm = :em',
            ConditionExpression: 'versao = :v',
            ExpressionAttributeValues: {
              ':t': after.tipoIntegracao,
              ':n': after.nome,
              ':c': after.conexao,
              ':s': after.segredos,
              ':i': after.intervaloMinutos,
              ':a': after.ativo,
              ':next': after.versao,
              ':em': after.atualizadoEm,
              ':v': before.versao,
            },
          }),
        ),
      ),

    remove: (integration) =>
      conditional(() =>
        db().send(
          new DeleteCommand({
            TableName: tableName(),
            Key: keys.integration(integration.aplicacaoId, integration.id),
            ConditionExpression: 'versao = :v',
            ExpressionAttributeValues: { ':v': integration.versao },
          }),
        ),
      ),
  };
}

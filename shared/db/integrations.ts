// DynamoDB integrations (docs/data-model.md, pattern 40): one item per integration in the
// application's partition; every change conditioned on the `versao` read.
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, queryPrefix, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import { boolean, fieldsOf, map, nullable, number, oneOf, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import { secretRef } from '#shared/db/stored-secrets';
import {
  apiAuthentications,
  databaseDrivers,
  integrationTypes,
  type ApiConnection,
  type DatabaseConnection,
  type Integration,
  type IntegrationKind,
  type IntegrationRepository,
} from '#shared/domain/integrations/records';

const toItem = (i: Integration) => ({ ...keys.integration(i.aplicacaoId, i.id), tipo: 'INTEGRACAO', ...i });

const databaseConnection = map((f): DatabaseConnection => ({
  driver: f.read('driver', oneOf(databaseDrivers)),
  host: f.read('host', string),
  porta: f.read('porta', number),
  banco: f.read('banco', string),
  usuario: f.read('usuario', nullable(string)),
  parametros: f.read('parametros', nullable(string)),
}));

const apiConnection = map((f): ApiConnection => ({
  urlBase: f.read('urlBase', string),
  autenticacao: f.read('autenticacao', oneOf(apiAuthentications)),
  usuario: f.read('usuario', nullable(string)),
  cabecalho: f.read('cabecalho', nullable(string)),
}));

/** An integration; the saved-query counter on its item (`versaoQueries`, pattern 41) is not part of it. */
function fromItem(item: Item): Integration {
  const f = fieldsOf(item);
  const kind: IntegrationKind =
    f.read('tipoIntegracao', oneOf(integrationTypes)) === 'BANCO'
      ? { tipoIntegracao: 'BANCO', conexao: f.read('conexao', databaseConnection) }
      : { tipoIntegracao: 'API', conexao: f.read('conexao', apiConnection) };
  return {
    id: f.read('id', number),
    aplicacaoId: f.read('aplicacaoId', number),
    ...kind,
    nome: f.read('nome', string),
    segredos: f.read(
      'segredos',
      map((s) => ({ ...s.ifPresent('senha', secretRef), ...s.ifPresent('token', secretRef) })),
    ),
    intervaloMinutos: f.orElse('intervaloMinutos', number, null),
    ativo: f.read('ativo', boolean),
    versao: f.read('versao', number),
    criadoEm: f.read('criadoEm', string),
    atualizadoEm: f.read('atualizadoEm', string),
  };
}

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

// DynamoDB implementation of the application repository (single table, see docs/data-model.md).
//
//   application       pk APP#<id>                 sk APP                  gsi1pk APP                               gsi1sk APP#<id, 16 digits>
//   slug reservation  pk SLUG#<slug>              sk SLUG
//   balance           pk APP#<id>                 sk SALDO
//   API key           pk APIKEY#<apiKey>          sk APIKEY               (the application item's apiKey names the current one)
//   OAuth client      pk OAUTHCLIENT#<clientId>   sk OAUTHCLIENT          gsi1pk APP#<id>#OAUTHCLIENT              gsi1sk <clientId>
//   prestador         pk APP#<id>                 sk PRESTADOR#<pid>
//   nbwp_ credential  pk PCRED#<apiKey>           sk PCRED                gsi1pk APP#<id>#PRESTADOR#<pid>#PCRED    gsi1sk PCRED#<credencialId>
//   portal user       pk APP#<id>                 sk USER#<uid>
//   user e-mail       pk USEREMAIL#<email>        sk USEREMAIL            (+ senhaHash of password users: the login reads it)
//   patient phone     pk APP#<id>                 sk USERFONE#<telefone>  (-> userId; one-time login codes)
//   inbound subscr.   pk APP#<id>                 sk INBOUNDSUB#<sid>
//
// Every item carries `tipo` (APP, SLUG, SALDO, APIKEY, OAUTHCLIENT, PRESTADOR, PCRED, USER, USEREMAIL, USERFONE, INBOUNDSUB).
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, NumberValue, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { replaceApiKey } from '#shared/db/api-keys';
import { db, isConditionFailure, queryAll, tableName } from '#shared/db/client';
import { nextId } from '#shared/db/ids';
import * as keys from '#shared/db/keys';
import { storedDecimal } from '#shared/db/numbers';
import { tableKeys } from '#shared/db/table';
import { conflict } from '#shared/domain/errors';
import type {
  ApiKeyRecord,
  Application,
  ApplicationRepository,
  Balance,
  InboundSubscription,
  OAuthClientRecord,
  PortalUser,
  Prestador,
  ProviderCredentialRecord,
} from '#shared/domain/applications';

type Item = Record<string, unknown>;

const notExists = 'attribute_not_exists(pk)';
const strip = ({ pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, tipo: _t, ...rest }: Item): Item => rest;

export function dynamoApplicationRepository(): ApplicationRepository {
  const TableName = () => tableName();

  const get = async (key: { pk: string; sk: string }): Promise<Item | undefined> =>
    (await db().send(new GetCommand({ TableName: TableName(), Key: key }))).Item;

  const put = async (item: Item, what: string): Promise<void> => {
    try {
      await db().send(new PutCommand({ TableName: TableName(), Item: item, ConditionExpression: notExists }));
    } catch (error) {
      if (isConditionFailure(error)) throw conflict(`${what} already exists`);
      throw error;
    }
  };

  const byPrefix = ({ pk, skPrefix }: { pk: string; skPrefix: string }) =>
    queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    });

  const byGsi1 = (gsi1pk: string) =>
    queryAll({
      IndexName: tableKeys.gsi1.name,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': gsi1pk },
    });

  const toApplication = (item: Item) => strip(item) as unknown as Application;

  const repo: ApplicationRepository = {
    newId: () => nextId(),

    async createApplication(application, balance, apiKey) {
      const put = (Item: Item) => ({ Put: { TableName: TableName(), Item, ConditionExpression: notExists } });
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              put({ ...keys.application(application.id), ...keys.applicationListing(application.id), tipo: 'APP', ...application }),
              put({ ...keys.slug(application.slug), tipo: 'SLUG', aplicacaoId: application.id }),
              put({
                ...keys.balance(application.id),
                tipo: 'SALDO',
                aplicacaoId: application.id,
                saldo: NumberValue.from(balance.saldo),
                moeda: balance.moeda,
                atualizadoEm: balance.atualizadoEm,
              }),
              ...(apiKey ? [put({ ...keys.apiKey(apiKey.apiKey), tipo: 'APIKEY', ...apiKey })] : []),
            ],
          }),
        );
      } catch (error) {
        if (error instanceof TransactionCanceledException) {
          const slugTaken = error.CancellationReasons?.[1]?.Code === 'ConditionalCheckFailed';
          throw conflict(slugTaken ? `slug ${application.slug} is already in use` : `application ${application.id} already exists`);
        }
        throw error;
      }
    },

    async getApplication(id) {
      const item = await get(keys.application(id));
      return item ? toApplication(item) : undefined;
    },

    async findApplicationBySlug(slug) {
      const reservation = await get(keys.slug(slug));
      return reservation ? repo.getApplication(Number(reservation.aplicacaoId)) : undefined;
    },

    async listApplications() {
      return (await byGsi1(keys.applications().gsi1pk)).map(toApplication);
    },

    async getBalance(aplicacaoId) {
      const item = await get(keys.balance(aplicacaoId));
      if (!item) return undefined;
      return { aplicacaoId, saldo: storedDecimal(item.saldo, 2), moeda: 'BRL', atualizadoEm: String(item.atualizadoEm) } satisfies Balance;
    },

    async putApiKey(record) {
      // One pair per application: the new key replaces the previous one at once (shared/db/api-keys.ts).
      await replaceApiKey(record);
    },

    async getApiKey(apiKey) {
      const item = await get(keys.apiKey(apiKey));
      return item ? (strip(item) as unknown as ApiKeyRecord) : undefined;
    },

    async putOAuthClient(record) {
      await put(
        { ...keys.oauthClient(record.clientId), ...keys.oauthClientListing(record.aplicacaoId, record.clientId), tipo: 'OAUTHCLIENT', ...record },
        'OAuth client',
      );
    },

    async getOAuthClient(clientId) {
      const item = await get(keys.oauthClient(clientId));
      return item ? (strip(item) as unknown as OAuthClientRecord) : undefined;
    },

    async listOAuthClients(aplicacaoId) {
      return (await byGsi1(keys.oauthClients(aplicacaoId).gsi1pk)).map((item) => strip(item) as unknown as OAuthClientRecord);
    },

    async putPrestador(prestador) {
      await put({ ...keys.prestador(prestador.aplicacaoId, prestador.id), tipo: 'PRESTADOR', ...prestador }, 'prestador');
    },

    async getPrestador(aplicacaoId, id) {
      const item = await get(keys.prestador(aplicacaoId, id));
      return item ? (strip(item) as unknown as Prestador) : undefined;
    },

    async listPrestadores(aplicacaoId) {
      return (await byPrefix(keys.prestadores(aplicacaoId))).map((item) => strip(item) as unknown as Prestador);
    },

    async putProviderCredential(record) {
      await put(
        {
          ...keys.providerCredential(record.apiKey),
          ...keys.providerCredentialListing(record.aplicacaoId, record.prestadorId, record.credencialId),
          tipo: 'PCRED',
          ...record,
        },
        'provider credential',
      );
    },

    async getProviderCredential(apiKey) {
      const item = await get(keys.providerCredential(apiKey));
      return item ? (strip(item) as unknown as ProviderCredentialRecord) : undefined;
    },

    async listProviderCredentials(aplicacaoId, prestadorId) {
      return (await byGsi1(keys.providerCredentials(aplicacaoId, prestadorId).gsi1pk)).map(
        (item) => strip(item) as unknown as ProviderCredentialRecord,
      );
    },

    async putPortalUser(user, login) {
      const phone = user.telefone
        ? [
            {
              Put: {
                TableName: TableName(),
                Item: { ...keys.patientPhone(user.aplicacaoId, user.telefone), tipo: 'USERFONE', aplicacaoId: user.aplicacaoId, userId: user.id },
                ConditionExpression: notExists,
              },
            },
          ]
        : [];
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: TableName(),
                  Item: { ...keys.portalUser(user.aplicacaoId, user.id), tipo: 'USER', ...user },
                  ConditionExpression: notExists,
                },
              },
              {
                Put: {
                  TableName: TableName(),
                  Item: {
                    ...keys.userEmail(user.email),
                    tipo: 'USEREMAIL',
                    aplicacaoId: user.aplicacaoId,
                    userId: user.id,
                    ...(login?.senhaHash ? { senhaHash: login.senhaHash } : {}),
                  },
                  ConditionExpression: notExists,
                },
              },
              ...phone,
            ],
          }),
        );
      } catch (error) {
        if (error instanceof TransactionCanceledException) {
          const phoneTaken = error.CancellationReasons?.[2]?.Code === 'ConditionalCheckFailed';
          throw conflict(phoneTaken ? `a patient with phone ${user.telefone} already exists` : `user ${user.email} already exists`);
        }
        throw error;
      }
    },

    async getPortalUser(aplicacaoId, id) {
      const item = await get(keys.portalUser(aplicacaoId, id));
      return item ? (strip(item) as unknown as PortalUser) : undefined;
    },

    async findPortalUserByEmail(email) {
      const lookup = await get(keys.userEmail(email.trim().toLowerCase()));
      return lookup ? repo.getPortalUser(Number(lookup.aplicacaoId), Number(lookup.userId)) : undefined;
    },

    async putInboundSubscription(subscription) {
      await put(
        { ...keys.inboundSubscription(subscription.aplicacaoId, subscription.id), tipo: 'INBOUNDSUB', ...subscription },
        'inbound subscription',
      );
    },

    async listInboundSubscriptions(aplicacaoId) {
      return (await byPrefix(keys.inboundSubscriptions(aplicacaoId))).map((item) => strip(item) as unknown as InboundSubscription);
    },
  };
  return repo;
}

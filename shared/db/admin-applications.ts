// DynamoDB side of the admin panel's application operations: the application repository plus
// the two writes only the admin panel makes. Same items and keys as shared/db/applications.ts.
import { NumberValue, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { apiKeyKeys } from '#shared/db/api-keys';
import { dynamoApplicationRepository, keys } from '#shared/db/applications';
import { db, tableName } from '#shared/db/client';
import type { AdminApplicationRepository } from '#shared/domain/admin-applications';
import { conflict, notFound } from '#shared/domain/errors';

const notExists = 'attribute_not_exists(pk)';

export function dynamoAdminApplicationRepository(): AdminApplicationRepository {
  return {
    ...dynamoApplicationRepository(),

    async createApplicationWithApiKey(application, balance, apiKey) {
      const TableName = tableName();
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName,
                  Item: { ...keys.application(application.id), ...keys.applicationListing(application.id), tipo: 'APP', ...application },
                  ConditionExpression: notExists,
                },
              },
              { Put: { TableName, Item: { ...keys.slug(application.slug), tipo: 'SLUG', aplicacaoId: application.id }, ConditionExpression: notExists } },
              {
                Put: {
                  TableName,
                  Item: {
                    ...keys.balance(application.id),
                    tipo: 'SALDO',
                    aplicacaoId: application.id,
                    saldo: NumberValue.from(balance.saldo),
                    moeda: balance.moeda,
                    atualizadoEm: balance.atualizadoEm,
                  },
                  ConditionExpression: notExists,
                },
              },
              { Put: { TableName, Item: { ...apiKeyKeys.apiKey(apiKey.apiKey), tipo: 'APIKEY', ...apiKey }, ConditionExpression: notExists } },
            ],
          }),
        );
      } catch (error) {
        if ((error as Error).name === 'TransactionCanceledException') {
          const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
          if (reasons[1]?.Code === 'ConditionalCheckFailed') throw conflict(`slug ${application.slug} is already in use`);
          if (reasons.some((r) => r.Code === 'ConditionalCheckFailed')) throw conflict(`application ${application.id} already exists`);
        }
        throw error;
      }
    },

    async updateProvider(id, settings) {
      // Settings blocks absent from `settings` are removed (the domain passes what it keeps).
      const set = ['provider = :provider', 'atualizadoEm = :agora'];
      const remove: string[] = [];
      const values: Record<string, unknown> = { ':provider': settings.provider, ':agora': settings.atualizadoEm };
      for (const block of ['providerA', 'providerB'] as const) {
        if (settings[block]) {
          set.push(`${block} = :${block}`);
          values[`:${block}`] = settings[block];
        } else remove.push(block);
      }
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.application(id),
            UpdateExpression: `SET ${set.join(', ')}${remove.length ? ` REMOVE ${remove.join(', ')}` : ''}`,
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: values,
          }),
        );
      } catch (error) {
        if ((error as Error).name === 'ConditionalCheckFailedException') throw notFound('application');
        throw error;
      }
    },
  };
}

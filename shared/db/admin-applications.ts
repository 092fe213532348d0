// DynamoDB side of the admin panel's application operations: the application repository plus
// the two writes only the admin panel makes. Same items and keys as shared/db/applications.ts.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { db, isConditionFailure, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { AdminApplicationRepository } from '#shared/domain/admin-applications';
import { notFound } from '#shared/domain/errors';

export function dynamoAdminApplicationRepository(): AdminApplicationRepository {
  const applications = dynamoApplicationRepository();
  return {
    ...applications,

    createApplicationWithApiKey: (application, balance, apiKey) => applications.createApplication(application, balance, apiKey),

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
        if (isConditionFailure(error)) throw notFound('application');
        throw error;
      }
    },
  };
}

// DynamoDB side of the admin panel's application operations: the application repository plus
// the writes only the admin panel makes. Same items and keys as shared/db/applications.ts.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoApplicationRepository, setApplicationActive } from '#shared/db/applications';
import { conditional, db, isConditionFailure, queryIndex, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { commitWrites, conditionalWrite } from '#shared/db/unit-of-work';
import type { AdminApplicationRepository } from '#shared/domain/admin-applications';
import { notFound } from '#shared/domain/errors';

export function dynamoAdminApplicationRepository(): AdminApplicationRepository {
  const applications = dynamoApplicationRepository();
  return {
    ...applications,

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

    setActive: (id, ativo, agora) => setApplicationActive(id, ativo, agora),

    async setPace(id, mensagensPorSegundo, agora) {
      const set = await conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.application(id),
            UpdateExpression: 'SET mensagensPorSegundo = :rate, atualizadoEm = :agora',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':rate': mensagensPorSegundo, ':agora': agora },
          }),
        ),
      );
      if (!set) throw notFound('application');
    },

    async setPrestadorActive(aplicacaoId, prestadorId, ativo, agora) {
      const prestador = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.prestador(aplicacaoId, prestadorId), ProjectionExpression: 'pk' }),
      );
      if (!prestador.Item) return false;
      // Each credential carries its prestador's state (pattern 9 `prestadorAtivo`): its authorizer reads one item.
      const credentials = await queryIndex(keys.providerCredentials(aplicacaoId, prestadorId).gsi1pk, { ProjectionExpression: 'pk, sk' });
      // A transaction holds 100 writes; a prestador has far fewer credentials, and the writes are idempotent if split.
      const writes = [
        conditionalWrite({
          Update: {
            Key: keys.prestador(aplicacaoId, prestadorId),
            UpdateExpression: 'SET ativo = :ativo, atualizadoEm = :agora',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':ativo': ativo, ':agora': agora },
          },
        }),
        ...credentials.map((c) =>
          conditionalWrite({
            Update: {
              Key: { pk: c.pk, sk: c.sk },
              UpdateExpression: 'SET prestadorAtivo = :ativo',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':ativo': ativo },
            },
          }),
        ),
      ];
      for (let i = 0; i < writes.length; i += 100) {
        const outcome = await commitWrites(writes.slice(i, i + 100));
        if (!outcome.committed) throw outcome.error;
      }
      return true;
    },

    async revokeOAuthClient(aplicacaoId, clientId, agora) {
      return conditional(() =>
        db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.oauthClient(clientId),
            // The first revocation's time is kept.
            UpdateExpression: 'SET revogadoEm = if_not_exists(revogadoEm, :agora)',
            ConditionExpression: 'aplicacaoId = :app',
            ExpressionAttributeValues: { ':agora': agora, ':app': aplicacaoId },
          }),
        ),
      );
    },
  };
}

// DynamoDB side of the provider credentials (docs/data-model.md, patterns 9 and 10). The portal
// finds a credential by id with an exact gsi1 query under the caller's own application and
// provider, so another's credential is a miss. The authorizer's read by key is in
// shared/db/provider-credential-lookup.ts (kept light for its cold start).
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoApplicationRepository } from '#shared/db/applications';
import { db, isConditionFailure, queryAll, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { toProviderCredential } from '#shared/db/provider-credential-lookup';
import { tableKeys } from '#shared/db/table';
import { conflict } from '#shared/domain/errors';
import type { ProviderCredentialRepository } from '#shared/domain/provider-credentials';

// Not revoked: revogadoEm is absent or stored as null. attribute_exists(pk) keeps an update from creating an item.
const notRevoked = 'attribute_exists(pk) AND (attribute_not_exists(revogadoEm) OR attribute_type(revogadoEm, :nullType))';

export function dynamoProviderCredentialRepository(): ProviderCredentialRepository {
  const applications = dynamoApplicationRepository();

  return {
    newId: () => applications.newId(),
    getPrestador: (aplicacaoId, prestadorId) => applications.getPrestador(aplicacaoId, prestadorId),
    create: (record) => applications.putProviderCredential(record),

    async find(scope, credencialId) {
      const listing = keys.providerCredentialListing(scope.aplicacaoId, scope.prestadorId, credencialId);
      const out = await db().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: tableKeys.gsi1.name,
          KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
          ExpressionAttributeValues: { ':pk': listing.gsi1pk, ':sk': listing.gsi1sk },
        }),
      );
      const item = out.Items?.[0];
      return item ? toProviderCredential(item) : undefined;
    },

    async list(scope) {
      const credentials = keys.providerCredentials(scope.aplicacaoId, scope.prestadorId);
      const items = await queryAll({
        IndexName: tableKeys.gsi1.name,
        KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :prefix)',
        ExpressionAttributeValues: { ':pk': credentials.gsi1pk, ':prefix': credentials.gsi1skPrefix },
      });
      return items.map(toProviderCredential);
    },

    async update(apiKey, changes) {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = { ':nullType': 'NULL' };
      const sets: string[] = [];
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        names[`#${field}`] = field;
        values[`:${field}`] = value;
        sets.push(`#${field} = :${field}`);
      }
      names['#atualizadoEm'] = 'atualizadoEm';
      values[':atualizadoEm'] = new Date().toISOString();
      sets.push('#atualizadoEm = :atualizadoEm');
      try {
        const out = await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.providerCredential(apiKey),
            UpdateExpression: `SET ${sets.join(', ')}`,
            ConditionExpression: notRevoked,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: values,
            ReturnValues: 'ALL_NEW',
          }),
        );
        return toProviderCredential(out.Attributes ?? {});
      } catch (error) {
        if (isConditionFailure(error)) throw conflict('the credential was revoked and can no longer be changed');
        throw error;
      }
    },

    async revoke(apiKey, revogadoEm) {
      try {
        await db().send(
          new UpdateCommand({
            TableName: tableName(),
            Key: keys.providerCredential(apiKey),
            UpdateExpression: 'SET ativo = :false, revogadoEm = :revogadoEm, atualizadoEm = :revogadoEm',
            ConditionExpression: notRevoked,
            ExpressionAttributeValues: { ':false': false, ':revogadoEm': revogadoEm, ':nullType': 'NULL' },
          }),
        );
      } catch (error) {
        // Revoked by a concurrent call: the outcome the caller asked for already holds.
        if (!isConditionFailure(error)) throw error;
      }
    },
  };
}

// DynamoDB records of the on-call physician's portal (docs/data-model.md, patterns 37, 38, 38a): all
// under the application's partition, keyed by the physician's user id.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { conditional, db, queryPrefix, tableName, withoutKeys } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import { numberText } from '#shared/db/numbers';
import type { PhysicianPreference, PhysicianProfile, PhysicianRepository, SearchProfile } from '#shared/domain/physicians';

const read = async (key: { pk: string; sk: string }) =>
  (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

const put = (Item: Record<string, unknown>) => db().send(new PutCommand({ TableName: tableName(), Item }));

export function dynamoPhysicianRepository(): PhysicianRepository {
  return {
    async activePreferences(aplicacaoId, userId) {
      const items = await queryPrefix(keys.physicianPreferences(aplicacaoId, userId), {
        FilterExpression: 'ativo = :true',
        ExpressionAttributeValues: { ':true': true },
      });
      return items.map((item) => withoutKeys(item) as unknown as PhysicianPreference);
    },
    async putPreference(aplicacaoId, userId, preference) {
      await put({ ...keys.physicianPreference(aplicacaoId, userId, preference.secretariaId), tipo: 'PLANTPRED', ...preference });
    },
    async profile(aplicacaoId, userId) {
      const item = await read(keys.physicianProfile(aplicacaoId, userId));
      if (!item) return undefined;
      // Fractional numbers come back as exact NumberValues; coordinates are plain numbers.
      const point = item.localizacao as { latitude: unknown; longitude: unknown } | null;
      const localizacao = point && { latitude: Number(numberText(point.latitude)), longitude: Number(numberText(point.longitude)) };
      return { ...withoutKeys(item), localizacao, versao: Number(item.versao) } as unknown as PhysicianProfile;
    },
    saveProfile: (aplicacaoId, userId, before, after) =>
      conditional(() =>
        db().send(
          new PutCommand({
            TableName: tableName(),
            Item: { ...keys.physicianProfile(aplicacaoId, userId), tipo: 'PLANTONISTA', ...after },
            ...(before
              ? { ConditionExpression: 'versao = :versao', ExpressionAttributeValues: { ':versao': before.versao } }
              : { ConditionExpression: 'attribute_not_exists(pk)' }),
          }),
        ),
      ),
    async searchProfile(aplicacaoId, userId) {
      const item = await read(keys.physicianSearchProfile(aplicacaoId, userId));
      return item ? (withoutKeys(item) as unknown as SearchProfile) : undefined;
    },
    async putSearchProfile(aplicacaoId, userId, profile) {
      await put({ ...keys.physicianSearchProfile(aplicacaoId, userId), tipo: 'PLANTBUSCA', ...profile });
    },
  };
}

// DynamoDB side of the appointment flow's own data: the application's flow settings (on its item,
// pattern 1) and patients' opt-outs (pattern 34b).
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { FlowStore } from '#shared/domain/appointment-flow';

export function dynamoFlowStore(): FlowStore {
  return {
    async saveSettings(aplicacaoId, settings) {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.application(aplicacaoId),
          UpdateExpression: 'SET fluxoAgendamentos = :s',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':s': settings },
        }),
      );
    },
    async optOut(aplicacaoId, telefone, palavra, em) {
      await db().send(
        new PutCommand({ TableName: tableName(), Item: { ...keys.optOut(aplicacaoId, telefone), tipo: 'OPTOUT', palavra, em } }),
      );
    },
    async optedOut(aplicacaoId, telefone) {
      const out = await db().send(
        new GetCommand({ TableName: tableName(), Key: keys.optOut(aplicacaoId, telefone), ConsistentRead: true }),
      );
      return out.Item ? String(out.Item.em) : undefined;
    },
  };
}

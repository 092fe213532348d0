// Demo requests in the single table: one request by id (docs/data-model.md, pattern 15) and the
// requests by date on gsi1 (15b, the admin's follow-up). Low volume, so one GSI partition is enough.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db as defaultDb, tableName as defaultTable, type Db } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { DemoRequest, DemoRequestRepository } from '#shared/domain/contact';

export function dynamoDemoRequestRepository(db: () => Db = defaultDb, table: () => string = defaultTable): DemoRequestRepository {
  return {
    async create(request: DemoRequest) {
      await db().send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...keys.demoRequest(request.id),
            ...keys.demoRequestListing(request.criadoEm, request.id),
            tipo: 'CONTATO',
            status: 'RECEBIDO',
            ...request,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    },
  };
}

// The API key authorizer's one read (docs/data-model.md, pattern 5): the key's item holds
// aplicacaoId, secretHash (SHA-256 hex), criadoEm and `ativo` (its application's, kept with it).
//
// Written and replaced by the application repository (shared/db/applications.ts, pattern 5b). Kept
// apart from it, as this module's one function, so the authorizer bundles only this read.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';

/** What the authorizer needs of a key: one strongly consistent GetItem, so a replaced key fails at once. */
export async function findApiKey(apiKey: string): Promise<{ aplicacaoId: number; secretHash: string; ativo: boolean } | undefined> {
  const out = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.apiKey(apiKey),
      ConsistentRead: true,
      ProjectionExpression: 'aplicacaoId, secretHash, ativo',
    }),
  );
  const item = out.Item;
  if (!item || typeof item.secretHash !== 'string') return undefined;
  // A key written before applications could be deactivated has no `ativo`: active.
  return { aplicacaoId: Number(item.aplicacaoId), secretHash: item.secretHash, ativo: item.ativo !== false };
}

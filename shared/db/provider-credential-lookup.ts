// What the provider credential authorizer reads of the table: the credential by its `nbwp_` key
// (docs/data-model.md, pattern 9), and the key of the per-minute counters beside it (9b); and what it writes on the
// credential: its last use.
//
// Kept apart from shared/db/applications.ts and shared/db/provider-credentials.ts on purpose:
// those reach shared/db/ids.ts, whose import adds about 50 KB of the DynamoDB client's models to
// a bundle (measured with the bench's esbuild options: 335 KB -> 385 KB), which the authorizer
// would pay on every cold start. Its key comes from shared/db/keys.ts, which adds only the builder used.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '#shared/db/client';
import { boolean, fieldsOf, listOf, nullable, number, string, type Item } from '#shared/db/item';
import * as keys from '#shared/db/keys';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';

/** The one mapper of a credential item (the authorizer's read, the portal's, the admin's), its own fields only. */
export function toProviderCredential(item: Item): ProviderCredentialRecord {
  const f = fieldsOf(item);
  return {
    credencialId: f.read('credencialId', number),
    apiKey: f.read('apiKey', string),
    aplicacaoId: f.read('aplicacaoId', number),
    prestadorId: f.read('prestadorId', number),
    secretHash: f.read('secretHash', string),
    nome: f.read('nome', string),
    ativo: f.read('ativo', boolean),
    ipAllowlist: f.orElse('ipAllowlist', listOf(string), []),
    limitePorMinuto: f.read('limitePorMinuto', nullable(number)),
    revogadoEm: f.read('revogadoEm', nullable(string)),
    criadoEm: f.read('criadoEm', string),
    ...f.ifPresent('prestadorAtivo', boolean),
    ...f.ifPresent('ultimoUsoEm', string),
  };
}

/**
 * The credential for an `nbwp_` key. A strongly consistent read, so a revocation, deactivation
 * or new secret written a moment ago is already seen by the next request.
 */
export async function getProviderCredentialByKey(apiKey: string): Promise<ProviderCredentialRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.providerCredential(apiKey), ConsistentRead: true }));
  return out.Item ? toProviderCredential(out.Item) : undefined;
}

/**
 * Records that the credential authenticated a request at `at` (its last use, which the portal shows), unless a use at
 * or after `since` is already recorded: at most one write a minute per credential, however many requests it makes.
 * A credential deleted meanwhile is left alone.
 */
export async function recordProviderCredentialUse(apiKey: string, at: Date, since: Date): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.providerCredential(apiKey),
        UpdateExpression: 'SET ultimoUsoEm = :at',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(ultimoUsoEm) OR ultimoUsoEm < :since)',
        ExpressionAttributeValues: { ':at': at.toISOString(), ':since': since.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}

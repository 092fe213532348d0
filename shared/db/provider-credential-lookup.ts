// What the provider credential authorizer reads of the table: the credential by its `nbwp_` key
// (docs/data-model.md, pattern 9), and the key of the per-minute counters beside it (9b).
//
// Kept apart from shared/db/applications.ts and shared/db/provider-credentials.ts on purpose:
// those reach shared/db/ids.ts, whose import adds about 50 KB of the DynamoDB client's models to
// a bundle (measured with the bench's esbuild options: 335 KB -> 385 KB), which the authorizer
// would pay on every cold start. Its key comes from shared/db/keys.ts, which adds only the builder used.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '#shared/db/client';
import * as keys from '#shared/db/keys';
import type { ProviderCredentialRecord } from '#shared/domain/applications/records';

/** The record's own fields only (keys, tipo and anything unknown are left out). */
export function toCredentialRecord(item: Record<string, unknown>): ProviderCredentialRecord {
  return {
    credencialId: Number(item.credencialId),
    apiKey: String(item.apiKey),
    aplicacaoId: Number(item.aplicacaoId),
    prestadorId: Number(item.prestadorId),
    secretHash: String(item.secretHash),
    nome: String(item.nome),
    ativo: item.ativo === true,
    ipAllowlist: Array.isArray(item.ipAllowlist) ? item.ipAllowlist.map(String) : [],
    limitePorMinuto: item.limitePorMinuto === null || item.limitePorMinuto === undefined ? null : Number(item.limitePorMinuto),
    revogadoEm: typeof item.revogadoEm === 'string' ? item.revogadoEm : null,
    criadoEm: String(item.criadoEm),
    prestadorAtivo: item.prestadorAtivo !== false,
  };
}

/**
 * The credential for an `nbwp_` key. A strongly consistent read, so a revocation, deactivation
 * or new secret written a moment ago is already seen by the next request.
 */
export async function getProviderCredentialByKey(apiKey: string): Promise<ProviderCredentialRecord | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.providerCredential(apiKey), ConsistentRead: true }));
  return out.Item ? toCredentialRecord(out.Item) : undefined;
}

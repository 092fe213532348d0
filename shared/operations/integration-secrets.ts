// The integrations' secrets (database password, API token or password): one secret each in the
// secret store (Secrets Manager in AWS), `<INTEGRATION_SECRET_PREFIX>/<aplicacaoId>/integracao-<id>.<campo>`,
// the integration item naming the version in force, as the provider secrets do
// (shared/providers/secrets.ts). Written by the admin panel, read only by the agent group, which hands
// them to the agent over mutual TLS. Values are never logged.
import { adapter } from '#shared/adapters/index';
import { expiringCache } from '#shared/cache';
import { config } from '#shared/config';
import { maskSecret, type SecretRef } from '#shared/domain/applications';
import type { Integration, SecretField } from '#shared/domain/integrations';

export const integrationSecretId = (aplicacaoId: number, integracaoId: number, campo: SecretField): string =>
  `${config().integrationSecretPrefix}/${aplicacaoId}/integracao-${integracaoId}.${campo}`;

/** Stores `value` as the secret's current version; answers what the item keeps. */
export async function storeIntegrationSecret(
  aplicacaoId: number,
  integracaoId: number,
  campo: SecretField,
  value: string,
): Promise<SecretRef> {
  const versao = await (await adapter('secretStore')).put(integrationSecretId(aplicacaoId, integracaoId, campo), value);
  return { versao, mascara: maskSecret(value) };
}

// A version's value never changes, so a cached one is never stale.
const cache = expiringCache<string>(15 * 60_000, 500);

/** The clear values of the integration's secrets, by field. Throws when the store cannot be read. */
export async function integrationSecretValues(integration: Integration): Promise<Partial<Record<SecretField, string>>> {
  const entries = await Promise.all(
    Object.entries(integration.segredos).map(async ([campo, ref]) => {
      const id = integrationSecretId(integration.aplicacaoId, integration.id, campo as SecretField);
      return [campo, await cache.get(`${id}@${ref.versao}`, async () => (await adapter('secrets')).get(id, ref.versao))] as const;
    }),
  );
  return Object.fromEntries(entries);
}

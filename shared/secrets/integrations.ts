// The integrations' secrets (database password, API token or password): one secret each in the
// secret store (Secrets Manager in AWS), `<INTEGRATION_SECRET_PREFIX>/<aplicacaoId>/integracao-<id>.<campo>`,
// the integration item naming the version in force (shared/secrets/refs.ts), as the provider secrets do.
// Written by the admin panel, read only by the agent group, which hands them to the agent over mutual
// TLS. Values are never logged.
import { config } from '#shared/config';
import type { SecretRef } from '#shared/domain/applications/secrets';
import type { Integration, SecretField } from '#shared/domain/integrations/records';
import { secretAt, storeSecretRef } from '#shared/secrets/refs';

export const integrationSecretId = (aplicacaoId: number, integracaoId: number, campo: SecretField): string =>
  `${config().integrationSecretPrefix}/${aplicacaoId}/integracao-${integracaoId}.${campo}`;

/** Stores `value` as the secret's current version; answers what the item keeps. */
export const storeIntegrationSecret = (aplicacaoId: number, integracaoId: number, campo: SecretField, value: string): Promise<SecretRef> =>
  storeSecretRef(integrationSecretId(aplicacaoId, integracaoId, campo), value);

/** The clear values of the integration's secrets, by field. Throws when the store cannot be read. */
export async function integrationSecretValues(integration: Integration): Promise<Partial<Record<SecretField, string>>> {
  const entries = await Promise.all(
    Object.entries(integration.segredos).map(
      async ([campo, ref]) =>
        [campo, await secretAt(integrationSecretId(integration.aplicacaoId, integration.id, campo as SecretField), ref)] as const,
    ),
  );
  return Object.fromEntries(entries);
}

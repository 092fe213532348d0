// Secrets kept by version: the item that uses a secret names the version in force (`SecretRef`,
// `{ versao, mascara }`), and a reader asks the secret store for exactly that version. A version's value
// never changes, so it is cached (bounded, with a TTL) without ever being stale, and a change applies
// from the next read of the item on. The provider secrets (shared/providers/secrets.ts) and the
// integrations' secrets (shared/secrets/integrations.ts) are both kept this way.
import { adapter } from '#shared/adapters/index';
import { expiringCache } from '#shared/cache';
import { maskSecret, type SecretRef } from '#shared/domain/applications/secrets';

const cache = expiringCache<string>(15 * 60_000, 500);

/** Makes `value` the current version of secret `id` (created when new); answers what the item keeps. */
export async function storeSecretRef(id: string, value: string): Promise<SecretRef> {
  const versao = await (await adapter('secretStore')).put(id, value);
  return { versao, mascara: maskSecret(value) };
}

/** The value of the version `ref` names. Throws when the store cannot be read. */
export const secretAt = (id: string, ref: Pick<SecretRef, 'versao'>): Promise<string> =>
  cache.get(`${id}@${ref.versao}`, async () => (await adapter('secrets')).get(id, ref.versao));

/** For tests that replace secrets. */
export const resetSecretRefs = (): void => cache.clear();

// The applications' provider secrets (provider_a's auth token, provider_b's access token, app
// secret and verify token). Each is its own secret, `<PROVIDER_SECRET_PREFIX>/<aplicacaoId>/<name>`,
// so IAM gives each function exactly the ones it uses (infra/permissions.ts `readsProviderSecrets`).
// The application item names the version in force (SecretRef.versao): a reader asks for that
// version, so an admin change applies from the next request on, and a version's value, which never
// changes, is cached (shared/secrets/refs.ts, shared with the integrations' secrets). docs/decisions.md: "Provider
// secrets out of the table".
import { config } from '#shared/config';
import type { Application } from '#shared/domain/applications/records';
import type { ProviderSecretName, ProviderSecretStore, StoredSecret } from '#shared/domain/applications/secrets';
import { log } from '#shared/log';
import { ProviderError } from '#shared/providers/types';
import { resetSecretRefs, secretAt, storeSecretRef } from '#shared/secrets/refs';

export const providerSecretId = (aplicacaoId: number, name: ProviderSecretName): string =>
  `${config().providerSecretPrefix}/${aplicacaoId}/${name}`;

/** The store behind the admin panel and the seeds: the secret store adapter (Secrets Manager in AWS). */
export const providerSecretStore = (): ProviderSecretStore => ({
  store: (aplicacaoId, name, value) => storeSecretRef(providerSecretId(aplicacaoId, name), value),
});

function storedSecret(app: Pick<Application, 'providerA' | 'providerB'>, name: ProviderSecretName): StoredSecret | undefined {
  const [block, field] = name.split('.') as ['providerA' | 'providerB', string];
  return (app[block] as Record<string, StoredSecret | undefined> | undefined)?.[field];
}

/** The secret's value; undefined when the application has none (not configured). Throws when the store cannot be read. */
export async function providerSecret(
  app: Pick<Application, 'id' | 'providerA' | 'providerB'>,
  name: ProviderSecretName,
): Promise<string | undefined> {
  const stored = storedSecret(app, name);
  if (stored === undefined || stored === null) return undefined;
  if (typeof stored === 'string') return stored || undefined; // an item not moved yet (moveProviderSecrets)
  return secretAt(providerSecretId(app.id, name), stored);
}

/** For a call to the provider: the secret, or the ProviderError of a send that cannot happen (502, the debit given back). */
export async function secretForCall(
  app: Pick<Application, 'id' | 'provider' | 'providerA' | 'providerB'>,
  name: ProviderSecretName,
): Promise<string> {
  let value: string | undefined;
  try {
    value = await providerSecret(app, name);
  } catch (error) {
    // The caller sees (and the message keeps) only that the credentials could not be read; the operator's log says why.
    log.error('provider secret unreadable', { aplicacaoId: app.id, campo: name, error });
    throw new ProviderError('unavailable', null, 'The provider credentials could not be read');
  }
  if (!value) throw new ProviderError('unavailable', null, `${app.provider} is not configured (no ${name})`);
  return value;
}

/** For tests that replace secrets. */
export const resetProviderSecrets = resetSecretRefs;

// The cache of the AWS Parameters and Secrets Lambda Extension, as a function sees it: a secret (by id and
// version) read from Secrets Manager is answered again, unchanged, until its TTL (the stack's
// SECRETS_MANAGER_TTL, 300 s) has passed since that read, whatever Secrets Manager holds meanwhile. Time is
// Date.now, so a test moves it with fake timers. One instance per container: a cold start has an empty one.
// https://docs.aws.amazon.com/lambda/latest/dg/with-secrets-manager.html ("If the secret is available and hasn't expired,
// it's returned immediately"; 300 s by default).
import { SECRETS_EXTENSION_TTL_SECONDS } from '#shared/adapters/aws/secrets-extension';
import type { SecretPort } from '#shared/adapters/ports';

export function secretsExtensionModel(secretsManager: SecretPort, ttlMs = SECRETS_EXTENSION_TTL_SECONDS * 1000): SecretPort {
  const cached = new Map<string, { value: string; until: number }>();
  return {
    async get(id, versionId) {
      const key = `${id}\u0000${versionId ?? ''}`;
      const hit = cached.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const value = await secretsManager.get(id, versionId);
      cached.set(key, { value, until: Date.now() + ttlMs });
      return value;
    },
  };
}

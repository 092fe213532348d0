import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '#shared/config';
import type { SecretPort } from '#shared/adapters/ports';

const TTL_MS = 5 * 60_000;

/** Secrets Manager, cached per container for a few minutes (a rotation is picked up within the TTL). */
export function secretsManager(client = new SecretsManagerClient({ region: config().region })): SecretPort {
  const cache = new Map<string, { value: string; until: number }>();
  return {
    async get(id) {
      const hit = cache.get(id);
      if (hit && hit.until > Date.now()) return hit.value;
      const out = await client.send(new GetSecretValueCommand({ SecretId: id }));
      if (out.SecretString === undefined) throw new Error(`secret ${id} has no string value`);
      cache.set(id, { value: out.SecretString, until: Date.now() + TTL_MS });
      return out.SecretString;
    },
  };
}

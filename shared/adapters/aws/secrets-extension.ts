import { awsSessionToken, config } from '#shared/config';
import type { SecretPort } from '#shared/adapters/ports';

/**
 * How long the extension keeps a secret it read (its SECRETS_MANAGER_TTL, set by the stack,
 * infra/constructs/service-function.ts): a secret changed in Secrets Manager may be answered unchanged
 * for that long, a reload of the caller's own cache included.
 */
export const SECRETS_EXTENSION_TTL_SECONDS = 300;

/**
 * Secrets through the AWS Parameters and Secrets Lambda Extension (a layer the stack adds to the
 * functions that read the signing keys): one GET on localhost, cached by the extension, instead of
 * the Secrets Manager SDK client, which added about 80 KB and 10-15 ms to every such cold start
 * (docs/performance.md).
 */
export function secretsExtension(fetchImpl: typeof fetch = fetch): SecretPort {
  const port = config().secretsExtensionPort;
  return {
    async get(id, versionId) {
      const query = new URLSearchParams({ secretId: id, ...(versionId ? { versionId } : {}) });
      const response = await fetchImpl(`http://localhost:${port}/secretsmanager/get?${query.toString()}`, {
        headers: { 'X-Aws-Parameters-Secrets-Token': awsSessionToken() },
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) throw new Error(`secret ${id}: the secrets extension answered ${response.status} (region ${config().region})`);
      const body = (await response.json()) as { SecretString?: string };
      if (typeof body.SecretString !== 'string') throw new Error(`secret ${id} has no string value`);
      return body.SecretString;
    },
  };
}

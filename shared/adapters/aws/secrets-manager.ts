// Writes secrets with the Secrets Manager client. Only the admin group (which keeps the applications'
// provider secrets) and `npm run bootstrap` write secrets; every reader goes through the secrets
// extension instead (shared/adapters/aws/secrets-extension.ts), so this client is in no reader's bundle.
import { CreateSecretCommand, PutSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { config } from '#shared/config';
import type { SecretStorePort } from '#shared/adapters/ports';

const named = (error: unknown, name: string) => (error as { name?: unknown } | null)?.name === name;

export function secretsManagerStore(client = new SecretsManagerClient({ region: config().region })): SecretStorePort {
  const putValue = async (id: string, value: string) =>
    (await client.send(new PutSecretValueCommand({ SecretId: id, SecretString: value }))).VersionId;
  return {
    async put(id, value) {
      let versionId: string | undefined;
      try {
        versionId = await putValue(id, value);
      } catch (error) {
        if (!named(error, 'ResourceNotFoundException')) throw error;
        try {
          versionId = (await client.send(new CreateSecretCommand({ Name: id, SecretString: value }))).VersionId;
        } catch (raced) {
          // Another writer created it meanwhile: ours becomes the current version.
          if (!named(raced, 'ResourceExistsException')) throw raced;
          versionId = await putValue(id, value);
        }
      }
      if (!versionId) throw new Error(`secret ${id}: Secrets Manager answered without a version id`);
      return versionId;
    },
  };
}

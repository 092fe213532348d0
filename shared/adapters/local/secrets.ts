// Secrets under `npm start`: secret `<id>` is the file <localDir>/secrets/<id>.json, whose whole
// text is the secret string (as Secrets Manager's SecretString). Read at every call, so a
// rotation done by editing the file is seen at once. Each `put` also keeps its value as the
// version it answers (<id>@<version>.json), which stays readable as Secrets Manager's versions do.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SecretPort, SecretStorePort } from '#shared/adapters/ports';

export interface FileSecrets extends SecretPort, SecretStorePort {
  /** Whether the secret exists. */
  has(id: string): Promise<boolean>;
  fileOf(id: string, versionId?: string): string;
}

export function fileSecrets(dir: string): FileSecrets {
  const fileOf = (id: string, versionId?: string) =>
    path.join(dir, `${encodeURIComponent(id)}${versionId ? `@${encodeURIComponent(versionId)}` : ''}.json`);
  const write = async (file: string, value: string) => {
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, value, { mode: 0o600 });
    await rename(temp, file);
  };
  return {
    fileOf,
    async get(id, versionId) {
      const file = fileOf(id, versionId);
      try {
        return await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new Error(`secret ${id}${versionId ? ` version ${versionId}` : ''} not found (no file ${file})`, { cause: error });
        throw error;
      }
    },
    async put(id, value) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const versionId = randomUUID();
      await write(fileOf(id, versionId), value);
      await write(fileOf(id), value);
      return versionId;
    },
    async has(id) {
      try {
        await readFile(fileOf(id));
        return true;
      } catch {
        return false;
      }
    },
  };
}

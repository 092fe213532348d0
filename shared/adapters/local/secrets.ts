// Secrets under `npm start`: secret `<id>` is the file <localDir>/secrets/<id>.json, whose whole
// text is the secret string (as Secrets Manager's SecretString). Read at every call, so a
// rotation done by editing the file is seen at once.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SecretPort } from '#shared/adapters/ports';

export interface FileSecrets extends SecretPort {
  /** Creates or replaces a secret (the local stand-in for PutSecretValue). */
  put(id: string, value: string): Promise<void>;
  /** Whether the secret exists. */
  has(id: string): Promise<boolean>;
  fileOf(id: string): string;
}

export function fileSecrets(dir: string): FileSecrets {
  const fileOf = (id: string) => path.join(dir, `${encodeURIComponent(id)}.json`);
  return {
    fileOf,
    async get(id) {
      try {
        return await readFile(fileOf(id), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT')
          throw new Error(`secret ${id} not found (no file ${fileOf(id)})`, { cause: error });
        throw error;
      }
    },
    async put(id, value) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = fileOf(id);
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, value, { mode: 0o600 });
      await rename(temp, file);
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

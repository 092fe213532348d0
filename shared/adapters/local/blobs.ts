// The CRL bucket under `npm start`: one file per key under <localDir>/bucket, the content
// type kept next to it (`<key>.meta.json`) the way S3 keeps it with the object.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobPort } from '#shared/adapters/ports';

/** The file of `key` inside `root`; keys that would escape the folder are refused. */
export function blobPath(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!key || key.endsWith('/') || !file.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid blob key: ${key}`);
  return file;
}

export function folderBlobs(root: string): BlobPort & { contentType(key: string): Promise<string | undefined> } {
  return {
    async get(key) {
      try {
        return new Uint8Array(await readFile(blobPath(root, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async put(key, bytes, contentType) {
      const file = blobPath(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }) + '\n');
    },
    async contentType(key) {
      try {
        return (JSON.parse(await readFile(`${blobPath(root, key)}.meta.json`, 'utf8')) as { contentType?: string }).contentType;
      } catch {
        return undefined;
      }
    },
  };
}

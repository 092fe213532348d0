// The CRL bucket under `npm start`: one file per key under <localDir>/bucket, the content
// type kept next to it (`<key>.meta.json`) the way S3 keeps it with the object. A conditional put
// compares the stored bytes' tag (their MD5, quoted, as S3's ETag of a single-part object) under a
// lock per key: atomic within the process (the local service and its tests run in one), and the
// file is replaced by a rename, so a reader never sees half a CRL.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BlobConditionFailed, type BlobPort } from '#shared/adapters/ports';

const etagOf = (bytes: Uint8Array) => `"${createHash('md5').update(bytes).digest('hex')}"`;

/** The file of `key` inside `root`; keys that would escape the folder are refused. */
export function blobPath(root: string, key: string): string {
  const file = path.resolve(root, key);
  if (!key || key.endsWith('/') || !file.startsWith(path.resolve(root) + path.sep)) throw new Error(`invalid blob key: ${key}`);
  return file;
}

export function folderBlobs(root: string): Required<BlobPort> & { contentType(key: string): Promise<string | undefined> } {
  const get = async (key: string): Promise<Uint8Array | undefined> => {
    try {
      return new Uint8Array(await readFile(blobPath(root, key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  /** One write at a time per key, so a conditional put's compare and swap are not interleaved. */
  const locks = new Map<string, Promise<unknown>>();
  const locked = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const run = (locks.get(key) ?? Promise.resolve()).then(work, work);
    const tail = run.catch(() => undefined);
    locks.set(key, tail);
    void tail.then(() => {
      if (locks.get(key) === tail) locks.delete(key);
    });
    return run;
  };
  return {
    get,
    async getVersioned(key) {
      const bytes = await get(key);
      return bytes ? { bytes, etag: etagOf(bytes) } : undefined;
    },
    put(key, bytes, contentType, condition) {
      const file = blobPath(root, key);
      return locked(file, async () => {
        if (condition) {
          const stored = await get(key);
          if (condition.ifNoneMatch === '*' && stored) throw new BlobConditionFailed(`${key} exists`);
          if (condition.ifMatch !== undefined && (!stored || etagOf(stored) !== condition.ifMatch)) {
            throw new BlobConditionFailed(`${key} changed`);
          }
        }
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(temporary, bytes);
        await rename(temporary, file);
        await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }) + '\n');
      });
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

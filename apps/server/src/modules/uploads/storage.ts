import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { Config } from '../../config.ts';
import type { UploadStorage } from './upload-storage.ts';

export const incomingId = (uploadId: string) => `incoming/${uploadId}`;

/** Files under DATA_DIR/uploads: the default, for one machine. */
function localStorage(root: string): UploadStorage {
  const at = (key: string) => path.join(root, ...key.split('/'));
  return {
    tusStore: new FileStore({ directory: root }),
    async readIncomingHead(tusId, length) {
      const handle = await open(at(tusId), 'r');
      try {
        const buffer = Buffer.alloc(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async promote(tusId, storageKey) {
      await mkdir(path.dirname(at(storageKey)), { recursive: true });
      // A rename is atomic: readers see the old file or the new one, never half of either.
      await rename(at(tusId), at(storageKey));
      await rm(`${at(tusId)}.json`, { force: true });
    },
    async discard(tusId) {
      await rm(at(tusId), { force: true });
      await rm(`${at(tusId)}.json`, { force: true });
    },
    async size(storageKey) {
      const info = await stat(at(storageKey)).catch(() => null);
      return info?.isFile() ? info.size : null;
    },
    async read(storageKey, range) {
      return createReadStream(at(storageKey), range ? { start: range.start, end: range.end } : {});
    },
    async remove(storageKey) {
      await rm(at(storageKey), { force: true });
    },
    async storeFile(storageKey, localFile) {
      const target = at(storageKey);
      const partial = `${target}.${process.pid}.partial`;
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(localFile, partial);
      await rename(partial, target);
    },
  };
}

const byConfig = new WeakMap<Config, UploadStorage>();

/**
 * Makes the storage of this server's settings: an S3 bucket when S3_BUCKET is set, else files under
 * DATA_DIR/uploads. The S3 client is loaded only then: it costs a fifth of a second and 25 MB at every start.
 */
export async function prepareUploadStorage(config: Config): Promise<UploadStorage> {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = config.S3_BUCKET
      ? await (await import('./storage-s3.ts')).s3Storage(config)
      : localStorage(path.join(config.dataDir, 'uploads'));
    byConfig.set(config, storage);
  }
  return storage;
}

/** The storage that `prepareUploadStorage` made (the uploads module prepares it when its routes register). */
export function uploadStorage(config: Config): UploadStorage {
  const storage = byConfig.get(config);
  if (!storage) throw new Error('The upload storage is used before prepareUploadStorage made it.');
  return storage;
}

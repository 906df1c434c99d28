import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../../config.ts';

/** A byte range, both ends included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where upload bytes live. Unfinished uploads are written by the tus data store under `incoming/{uploadId}`;
 * once checked, a file is moved to its storage key (e.g. `profile_pictures/{uid}`), from where it is served.
 */
export interface UploadStorage {
  readonly tusStore: DataStore;
  /** The first `length` bytes of an unfinished upload. */
  readIncomingHead(tusId: string, length: number): Promise<Buffer>;
  /** Moves a finished upload to its storage key (replacing a file there) and drops the tus bookkeeping. */
  promote(tusId: string, storageKey: string): Promise<void>;
  /** Deletes an unfinished upload; nothing happens when it is already gone. */
  discard(tusId: string): Promise<void>;
  /** The size of a stored file, or null when there is none. */
  size(storageKey: string): Promise<number | null>;
  /** Reads a stored file, or one range of it. */
  read(storageKey: string, range?: ByteRange): Promise<Readable>;
  /** Deletes a stored file; nothing happens when it is already gone. */
  remove(storageKey: string): Promise<void>;
  /** Stores a whole local file under a storage key (replacing a file there); readers never see half of it. */
  storeFile(storageKey: string, localFile: string): Promise<void>;
}

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

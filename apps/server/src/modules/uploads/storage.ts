import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
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
    async storeFile(storageKey, localFile) {
      const target = at(storageKey);
      const partial = `${target}.${process.pid}.partial`;
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(localFile, partial);
      await rename(partial, target);
    },
  };
}

/** The tus S3 store, with its client shared for the reads and moves the portal does itself. */
class PortalS3Store extends S3Store {
  get s3() {
    return this.client;
  }
}

/** An S3-compatible bucket (AWS, MinIO, R2, ...): for several instances, or for storage off the machine. */
function s3Storage(config: Config): UploadStorage {
  const bucket = config.S3_BUCKET!;
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  const store = new PortalS3Store({
    s3ClientConfig: {
      bucket,
      region: config.S3_REGION,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
      ...(credentials ? { credentials } : {}),
    },
  });
  const s3 = store.s3;
  const copySource = (key: string) => `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    tusStore: store,
    async readIncomingHead(tusId, length) {
      const object = await s3.getObject({ Bucket: bucket, Key: tusId, Range: `bytes=0-${length - 1}` });
      return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
    },
    async promote(tusId, storageKey) {
      await s3.copyObject({ Bucket: bucket, Key: storageKey, CopySource: copySource(tusId) });
      await s3.deleteObjects({
        Bucket: bucket,
        Delete: { Objects: [{ Key: tusId }, { Key: `${tusId}.info` }] },
      });
    },
    async discard(tusId) {
      await store.remove(tusId).catch(() => undefined);
      await s3
        .deleteObjects({ Bucket: bucket, Delete: { Objects: [{ Key: tusId }, { Key: `${tusId}.info` }] } })
        .catch(() => undefined);
    },
    async size(storageKey) {
      const head = await s3.headObject({ Bucket: bucket, Key: storageKey }).catch(() => null);
      return head?.ContentLength ?? null;
    },
    async read(storageKey, range) {
      const object = await s3.getObject({
        Bucket: bucket,
        Key: storageKey,
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      });
      return object.Body as Readable;
    },
    async storeFile(storageKey, localFile) {
      // One PUT of the whole body: a stream would be sent aws-chunked, which not every S3-compatible server takes.
      await s3.putObject({ Bucket: bucket, Key: storageKey, Body: await readFile(localFile) });
    },
  };
}

const byConfig = new WeakMap<Config, UploadStorage>();

/** The storage of this server's settings: S3 when S3_BUCKET is set, else files under DATA_DIR/uploads. */
export function uploadStorage(config: Config): UploadStorage {
  let storage = byConfig.get(config);
  if (!storage) {
    storage = config.S3_BUCKET ? s3Storage(config) : localStorage(path.join(config.dataDir, 'uploads'));
    byConfig.set(config, storage);
  }
  return storage;
}

import type { Readable } from 'node:stream';
import type { DataStore } from '@tus/server';

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

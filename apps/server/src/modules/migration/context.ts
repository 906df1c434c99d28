import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import type { UpsertResult } from '../../platform/db/upsert.ts';
import type { UploadStorage } from '../uploads/index.ts';

/**
 * What the record kinds of the migration share: reading the exports (`ParseContext`, docs/decisions/0023) and
 * writing the rows through the owning modules' bulk writers (`WriteContext`).
 */

export interface Refusal {
  path: string;
  reason: string;
}

/** A file of the old bucket that records point at; it becomes an upload with a stable id. */
export interface FileRef {
  path: string;
  uploadId: string;
  ownerUid: string;
  purpose: string;
  targetId: string;
  /** Path of the first record naming it (for a refusal when it is missing). */
  referencedBy: string;
}

export interface ParsedUser {
  uid: string;
  id: string;
  path: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  phone: string | null;
  createdAt: Date;
  passwordHash: string | null;
  googleSubject: string | null;
  squareCustomerId: string | null;
  defaultCardId: string | null;
}

/** A parsed record of one user: its id here, its path in the export and its checked value. */
export interface UserRecord<V> {
  id: string;
  path: string;
  user: ParsedUser;
  value: V;
}

/** The collections of the report, in the order they are written. */
export const MIGRATED = [
  'Users',
  'Cards',
  'UserSubscriptions',
  'CompletionSteps',
  'Forms',
  'Payments',
  'Chats',
  'Messages',
  'Projects',
  'AccountDeletionRequest',
  'Files',
] as const;
export type Collection = (typeof MIGRATED)[number];

export const text = z.string();
export const optionalText = z.string().nullish();
/** Times in the export are epoch milliseconds, as numbers or strings. */
export const millis = z
  .union([z.number(), z.string().regex(/^\d{1,15}$/)])
  .transform((v) => new Date(Number(v)));
export const cents = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

const ID = /^[A-Za-z0-9_-]{1,128}$/;
/** A stable UUID from a name, for old ids our columns cannot take and for file ids. */
export function stableId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
export const keepId = (kind: string, id: string) => (ID.test(id) ? id : stableId(`${kind}:${id}`));

export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One record of a `Root/{uid}/{id}` collection, with its owner's uid and its path. */
export interface NestedRecord {
  uid: string;
  key: string;
  path: string;
  value: unknown;
}

/** The reading of one run: every record that cannot be taken is refused with its path and reason. */
export interface ParseContext {
  refuse(path: string, reason: string): void;
  /** A collection at the root: an object of records keyed by id, or refused as a whole. */
  root(name: string): Record<string, unknown>;
  /** `Root/{uid}/{id}` collections: each record with its owner's uid and its path. */
  nested(name: string, kind: string): NestedRecord[];
  read<T extends z.ZodTypeAny>(schema: T, value: unknown, path: string): z.output<T> | null;
  /** The user of `uid`, or null (refused at `path`) when the export has none or refused it. */
  ownerOf(uid: string, path: string): ParsedUser | null;
  /** A URL inside a record: hosted-storage URLs become a file of this owner and purpose. */
  fileOf(url: string | null | undefined, ref: Omit<FileRef, 'path' | 'uploadId'>): string | null;
}

export interface MigrationOptions {
  storage: UploadStorage;
  now: Date;
  /** Register migrated cards in the local Square sandbox (SQUARE_ENVIRONMENT=local). */
  squareSandbox: boolean;
  onProgress?: (progress: MigrationProgress) => void;
}

/** How far a run is: files copied (and their bytes), then records written. */
export interface MigrationProgress {
  stage: 'files' | 'records';
  done: number;
  total: number;
  bytes: number;
  totalBytes: number;
}

/** The writing of one run, in its transaction. */
export interface WriteContext {
  tx: Db;
  options: MigrationOptions;
  /** A bulk writer of the owning module, reporting records written so far. */
  upsert<Row>(
    write: (db: Db, rows: Row[], compared: (keyof Row & string)[]) => Promise<UpsertResult>,
    rows: Row[],
    compared: (keyof Row & string)[],
  ): Promise<UpsertResult>;
  /** The records whose user is written (not refused). */
  keep<T extends { user: { uid: string } }>(list: T[]): T[];
}

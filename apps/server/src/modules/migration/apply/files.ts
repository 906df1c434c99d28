import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { sniff, SNIFF_BYTES, upsertUploads } from '../../uploads/index.ts';
import type { FileRef, MigrationOptions, ParsedUser, Refusal, WriteContext } from '../context.ts';
import { migrationFiles } from '../schema.ts';

export interface FileFact extends FileRef {
  local: string;
  size: number;
  contentType: string;
  /** Already migrated by an earlier run (in migration_files). */
  known: boolean;
}

/** Every referenced file must be in the folder and be an image or video the portal serves. */
export async function checkFiles(
  db: Db,
  files: Map<string, FileRef>,
  filesDir: string | undefined,
  refused: Refusal[],
) {
  const facts = new Map<string, FileFact>();
  if (!files.size) return facts;
  const known = new Set(
    (
      await db
        .select({ path: migrationFiles.originalPath })
        .from(migrationFiles)
        .where(inArray(migrationFiles.originalPath, [...files.keys()]))
    ).map((r) => r.path),
  );
  for (const file of files.values()) {
    const root = filesDir ? path.resolve(filesDir) : null;
    const local = root ? path.resolve(root, ...file.path.split('/')) : '';
    const inside = root !== null && local.startsWith(root + path.sep);
    const info = inside ? await stat(local).catch(() => null) : null;
    if (!info?.isFile() || info.size === 0) {
      refused.push({ path: file.referencedBy, reason: `file "${file.path}" is not in the files folder` });
      continue;
    }
    const handle = await open(local, 'r');
    const head = Buffer.alloc(Math.min(SNIFF_BYTES, info.size));
    await handle.read(head, 0, head.length, 0).finally(() => handle.close());
    const type = await sniff(head);
    if (!type) {
      refused.push({
        path: file.referencedBy,
        reason: `file "${file.path}" is not an image or video the portal accepts`,
      });
      continue;
    }
    facts.set(file.path, {
      ...file,
      local,
      size: info.size,
      contentType: type.mime,
      known: known.has(file.path),
    });
  }
  return facts;
}

/** True when `url` is the portal URL of one of `files`. */
export const hasFile = (files: Map<string, FileFact>, url: string) =>
  [...files.values()].some((f) => url.endsWith(f.uploadId));

/** Copies the files not copied before; a file already in storage with its size (a stopped run) is not copied again. */
export async function copyFiles(options: MigrationOptions, files: Map<string, FileFact>) {
  const todo = [...files.values()].filter((f) => !f.known);
  const totalBytes = todo.reduce((n, f) => n + f.size, 0);
  const result = { copied: 0, skipped: files.size - todo.length, bytes: 0 };
  let done = 0;
  for (const file of todo) {
    if ((await options.storage.size(file.path)) === file.size) result.skipped += 1;
    else {
      await options.storage.storeFile(file.path, file.local);
      result.copied += 1;
      result.bytes += file.size;
    }
    done += 1;
    options.onProgress?.({ stage: 'files', done, total: todo.length, bytes: result.bytes, totalBytes });
  }
  return result;
}

/** The uploads of the kept users' files, and the original paths they came from. Files follow the users. */
export async function writeFiles(
  { tx, options, upsert }: WriteContext,
  files: Map<string, FileFact>,
  users: Map<string, ParsedUser>,
  kept: Set<string>,
) {
  const fileRows = [...files.values()].filter((f) => kept.has(f.ownerUid));
  const owner = (uid: string) => users.get(uid)!.id;
  const counts = await upsert(
    upsertUploads,
    fileRows.map((f) => ({
      id: f.uploadId,
      userId: owner(f.ownerUid),
      purpose: f.purpose,
      targetId: f.purpose === 'profile-picture' ? owner(f.ownerUid) : f.targetId,
      storageKey: f.path,
      contentType: f.contentType,
      size: f.size,
      createdAt: options.now,
      completedAt: options.now,
    })),
    ['userId', 'purpose', 'targetId', 'storageKey', 'contentType', 'size'],
  );
  if (fileRows.length)
    await tx
      .insert(migrationFiles)
      .values(fileRows.map((f) => ({ originalPath: f.path, uploadId: f.uploadId, size: f.size })))
      .onConflictDoUpdate({ target: migrationFiles.originalPath, set: { size: sql`excluded.size` } });
  return counts;
}

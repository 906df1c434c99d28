import { and, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { uploads, type UploadRow } from './schema.ts';

export type NewUpload = Pick<
  UploadRow,
  'id' | 'userId' | 'purpose' | 'targetId' | 'storageKey' | 'contentType' | 'size' | 'createdAt'
>;

export async function insertUpload(db: Db, upload: NewUpload): Promise<void> {
  await db.insert(uploads).values(upload);
}

/** An upload of this user (finished or not); another user's upload is not found. */
export async function findOwnUpload(db: Db, userId: string, id: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
  return row;
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id));
  return row;
}

export async function findCompletedUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), isNotNull(uploads.completedAt)));
  return row;
}

export async function markCompleted(db: Db, id: string, contentType: string, at: Date): Promise<UploadRow> {
  const [row] = await db
    .update(uploads)
    .set({ contentType, completedAt: at })
    .where(eq(uploads.id, id))
    .returning();
  return row!;
}

export async function deleteUpload(db: Db, id: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.id, id));
}

/** Unfinished uploads started before `before`: abandoned, their partial bytes can go. */
export async function staleUnfinishedUploads(
  db: Db,
  before: Date,
  limit: number,
): Promise<Array<Pick<UploadRow, 'id'>>> {
  return db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(isNull(uploads.completedAt), lt(uploads.createdAt, before)))
    .limit(limit);
}

/** Upload rows in bulk (the migration): a row is written only where a compared field differs. */
export const upsertUploads = upsertInto(uploads, 'id');

import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { and, eq, inArray, or } from 'drizzle-orm';
import { fileIdFromUrl } from '@portal/contracts/uploads';
import { uploads } from './schema.ts';
import { incomingId, uploadStorage } from './storage.ts';

/**
 * Deletes the upload rows a user made, and those targeting any of `targetIds` (their chats: support's media
 * there too), inside the caller's transaction, so the files answer 404 from the commit on. Returns a function
 * that deletes the bytes; call it after the commit (a rollback must not lose files still referenced).
 */
export async function eraseUploadsOf(tx: Db, config: Config, userId: string, targetIds: string[]): Promise<() => Promise<void>> {
  const where = targetIds.length > 0 ? or(eq(uploads.userId, userId), inArray(uploads.targetId, targetIds)) : eq(uploads.userId, userId);
  const removed = await tx.delete(uploads).where(where).returning({ id: uploads.id, storageKey: uploads.storageKey });
  const storage = uploadStorage(config);
  return async () => {
    for (const row of removed) {
      await storage.remove(row.storageKey);
      await storage.discard(incomingId(row.id));
    }
  };
}

/**
 * Deletes the upload served at `url` (`/api/files/ID`) when it is one of `purpose`, inside the caller's
 * transaction. Returns a function that deletes its bytes; call it after the commit. Any other URL: nothing to do.
 */
export async function eraseUploadAt(tx: Db, config: Config, url: string, purpose: string): Promise<() => Promise<void>> {
  const fileId = fileIdFromUrl(url);
  if (!fileId) return async () => undefined;
  const removed = await tx
    .delete(uploads)
    .where(and(eq(uploads.id, fileId), eq(uploads.purpose, purpose)))
    .returning({ storageKey: uploads.storageKey });
  const storage = uploadStorage(config);
  return async () => {
    for (const row of removed) await storage.remove(row.storageKey);
  };
}

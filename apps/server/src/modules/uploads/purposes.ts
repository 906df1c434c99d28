import type { UploadKind } from '@portal/contracts/uploads';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';

/**
 * What an upload is for. Modules register their purposes when their routes are registered; the uploads routes
 * look a purpose up when a request arrives, so the order in which modules register does not matter.
 */
export interface UploadPurpose {
  /** The kinds of file this purpose takes (checked on the declared type and again on the bytes). */
  kinds: UploadKind[];
  /** May this user upload a file for this target (e.g. do they own the subscription or chat)? */
  canUpload(db: Db, user: SessionUser, targetId: string): Promise<boolean>;
  /** May this user read a finished file of this target? The uploader and staff always may. */
  canRead(db: Db, user: SessionUser, targetId: string): Promise<boolean>;
  /**
   * Where the finished file is stored, in the shapes of spec §3 (e.g. `profile_pictures/{uid}`). Each segment
   * must be a plain name (letters, digits, dot, dash, underscore): the uploads module refuses anything else.
   */
  storageKey(user: SessionUser, targetId: string, fileName: string, now: Date): string;
}

const registry = new Map<string, UploadPurpose>();

/** Registers (or replaces, when an app is built again in the same process) the purpose of this name. */
export function registerUploadPurpose(name: string, purpose: UploadPurpose): void {
  registry.set(name, purpose);
}

export function findUploadPurpose(name: string): UploadPurpose | undefined {
  return registry.get(name);
}

/**
 * A client's file name reduced to a safe single path segment ("My photo (1).JPG" -> "My_photo_1_.JPG"), for
 * purposes whose storage key keeps the name. At most 100 characters; never empty.
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+/, '')
    .slice(-100);
  return cleaned || 'file';
}

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

/** True when a storage key is made only of plain name segments (no "..", no empty or absolute parts). */
export function isSafeStorageKey(key: string): boolean {
  if (key.length > 1024) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

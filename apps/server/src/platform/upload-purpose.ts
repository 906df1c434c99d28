import type { UploadKind, UploadPurposeName } from '@portal/contracts/uploads';
import type { SessionUser } from './auth/session.ts';
import type { Db } from './db/client.ts';

/**
 * What an upload is for. A module declares its purposes by name in its `PortalModule`; the uploads module looks a
 * purpose up (`app.uploadPurposes`) when a request arrives.
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

/** A module's upload purposes, by the name a client sends as `purpose` (one of the contract's names). */
export type UploadPurposes = Readonly<Partial<Record<UploadPurposeName, UploadPurpose>>>;

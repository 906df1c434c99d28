import { fileUrl } from '@portal/contracts/uploads';
import { isSafeStorageKey } from '../../uploads/index.ts';
import { stableId, type FileRef, type ParseContext } from '../context.ts';

/** The storage path named by a hosted-storage download URL or gs:// address; null for any other URL. */
export function storagePathOf(url: string): string | null {
  const gs = /^gs:\/\/[^/]+\/(.+)$/.exec(url);
  if (gs) return gs[1]!;
  try {
    const u = new URL(url);
    if (u.hostname === 'firebasestorage.googleapis.com') {
      const m = /\/o\/([^/]+)$/.exec(u.pathname);
      return m ? decodeURIComponent(m[1]!) : null;
    }
    if (u.hostname === 'storage.googleapis.com')
      return decodeURIComponent(u.pathname.split('/').slice(2).join('/')) || null;
  } catch {
    return null;
  }
  return null;
}

/** `ParseContext.fileOf`: each storage path becomes one upload of `files`, named by its portal URL. */
export function fileReader(
  files: Map<string, FileRef>,
  refuse: ParseContext['refuse'],
): ParseContext['fileOf'] {
  return (url, ref) => {
    if (!url) return null;
    const path = storagePathOf(url);
    if (!path) return url;
    // It becomes the file's storage key: the uploads module's rule for keys holds for migrated files too.
    if (!isSafeStorageKey(path)) {
      refuse(
        ref.referencedBy,
        `file "${path}" is not a storage key the portal takes (plain names joined by "/")`,
      );
      return null;
    }
    const existing = files.get(path);
    const uploadId = existing?.uploadId ?? stableId(`file:${path}`);
    if (!existing) files.set(path, { ...ref, path, uploadId });
    return fileUrl(uploadId);
  };
}

/** The portal URL of a file up to its id (the uploads route's path), and the upload a URL starting with it names. */
const FILE_URL_PREFIX = fileUrl('');
export const isFileUrl = (url: string) => url.startsWith(FILE_URL_PREFIX);
export const uploadIdOf = (url: string) => url.slice(FILE_URL_PREFIX.length);

export type { UploadPurpose, UploadPurposes } from '../../platform/upload-purpose.ts';

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

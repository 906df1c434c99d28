import type { UploadPurpose } from '../uploads/index.ts';

/**
 * Profile pictures (spec §3: `profile_pictures/{uid}`). The target is the user's own id; a new picture replaces
 * the stored file once it has been checked, so the old one shows until then.
 */
export const profilePicturePurpose: UploadPurpose = {
  kinds: ['image'],
  canUpload: async (_db, user, targetId) => targetId === user.id,
  canRead: async (_db, user, targetId) => targetId === user.id,
  storageKey: (user) => `profile_pictures/${user.id}`,
};

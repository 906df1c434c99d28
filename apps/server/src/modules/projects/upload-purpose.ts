import { actsAsStaff } from '../../platform/auth/session.ts';
import { sanitizeFileName, type UploadPurpose } from '../uploads/index.ts';

/**
 * A project's business logo: staff upload it for a customer (the target is the customer's id) before or after
 * the project exists; the customer and staff may read it.
 */
export const projectLogoPurpose: UploadPurpose = {
  kinds: ['image'],
  canUpload: async (_db, user) => actsAsStaff(user),
  canRead: async (_db, user, targetId) => targetId === user.id,
  storageKey: (_user, customerId, fileName, now) => `business_logos/${customerId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
};

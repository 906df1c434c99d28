import { randomUUID } from 'node:crypto';
import { actsAsStaff } from '../../platform/auth/session.ts';
import { sanitizeFileName, type UploadPurpose } from '../uploads/index.ts';
import { findProjectOfUser } from './repository.ts';

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

/**
 * An icon or screenshot of a project's store listing: the project's owner uploads it (the target is the project's
 * id); the owner and staff may read it. Stored at `store_listings/{projectId}/{time}_{random id}`.
 */
export const storeListingImagePurpose: UploadPurpose = {
  kinds: ['image'],
  canUpload: async (db, user, projectId) => Boolean(await findProjectOfUser(db, user.id, projectId)),
  canRead: async (db, user, projectId) => Boolean(await findProjectOfUser(db, user.id, projectId)),
  storageKey: (_user, projectId, _fileName, now) => `store_listings/${projectId}/${now.getTime()}_${randomUUID()}`,
};

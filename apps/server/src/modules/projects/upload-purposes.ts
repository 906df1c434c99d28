import { randomUUID } from 'node:crypto';
import { PROJECT_LOGO_PURPOSE } from '@portal/contracts/projects';
import { PROJECT_MARKUP_PURPOSE, PROJECT_PREVIEW_PURPOSE } from '@portal/contracts/project-reviews';
import { STORE_LISTING_IMAGE_PURPOSE } from '@portal/contracts/store-listing';
import { actsAsStaff } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { sanitizeFileName, type UploadPurposes } from '../uploads/index.ts';
import { findProject, findProjectOfUser } from './repository.ts';

const ownsProject = async (db: Db, userId: string, projectId: string) => Boolean(await findProjectOfUser(db, userId, projectId));

/** The uploads of a project, its store listing and its reviews. */
export const projectUploadPurposes: UploadPurposes = {
  /**
   * A project's business logo: staff upload it for a customer (the target is the customer's id) before or after
   * the project exists; the customer and staff may read it.
   */
  [PROJECT_LOGO_PURPOSE]: {
    kinds: ['image'],
    canUpload: async (_db, user) => actsAsStaff(user),
    canRead: async (_db, user, targetId) => targetId === user.id,
    storageKey: (_user, customerId, fileName, now) => `business_logos/${customerId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
  },
  /**
   * An icon or screenshot of a project's store listing: the project's owner uploads it (the target is the project's
   * id); the owner and staff may read it. Stored at `store_listings/{projectId}/{time}_{random id}`.
   */
  [STORE_LISTING_IMAGE_PURPOSE]: {
    kinds: ['image'],
    canUpload: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    canRead: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    storageKey: (_user, projectId, _fileName, now) => `store_listings/${projectId}/${now.getTime()}_${randomUUID()}`,
  },
  /** A preview's images and video: staff upload them to a project (the target); its owner reads them. */
  [PROJECT_PREVIEW_PURPOSE]: {
    kinds: ['image', 'video'],
    canUpload: async (db, user, projectId) => actsAsStaff(user) && Boolean(await findProject(db, projectId)),
    canRead: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    storageKey: (_user, projectId, fileName, now) => `project_previews/${projectId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
  },
  /** The screenshots a project's owner marked up in a review; staff read them. */
  [PROJECT_MARKUP_PURPOSE]: {
    kinds: ['image'],
    canUpload: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    canRead: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    storageKey: (_user, projectId, fileName, now) => `project_markups/${projectId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
  },
};

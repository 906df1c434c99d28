import { PROJECT_MARKUP_PURPOSE, PROJECT_PREVIEW_PURPOSE } from '@portal/contracts/project-reviews';
import { actsAsStaff } from '../../platform/auth/session.ts';
import { registerUploadPurpose, sanitizeFileName } from '../uploads/index.ts';
import { findProject, findProjectOfUser } from './repository.ts';

/** The project's owner reads its review files (staff and the uploader always may). Target: the project's id. */
const ownsProject = async (db: Parameters<typeof findProjectOfUser>[0], userId: string, projectId: string) =>
  Boolean(await findProjectOfUser(db, userId, projectId));

/**
 * Review files: staff upload a preview's images and video to a project; its owner uploads the screenshots they
 * marked up. Each side reads the other's.
 */
export function registerReviewUploadPurposes() {
  registerUploadPurpose(PROJECT_PREVIEW_PURPOSE, {
    kinds: ['image', 'video'],
    canUpload: async (db, user, projectId) => actsAsStaff(user) && Boolean(await findProject(db, projectId)),
    canRead: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    storageKey: (_user, projectId, fileName, now) => `project_previews/${projectId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
  });
  registerUploadPurpose(PROJECT_MARKUP_PURPOSE, {
    kinds: ['image'],
    canUpload: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    canRead: async (db, user, projectId) => ownsProject(db, user.id, projectId),
    storageKey: (_user, projectId, fileName, now) => `project_markups/${projectId}/${now.getTime()}_${sanitizeFileName(fileName)}`,
  });
}

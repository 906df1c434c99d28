/** Projects: the customer's view here; staff create and update them through the staff module. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { projectRoutes } from './routes.ts';
import { storeListingRoutes } from './listing-routes.ts';
import { projectReviewRoutes } from './review-routes.ts';
import { stageRoutes } from './stage-routes.ts';
import { projectUploadPurposes } from './upload-purposes.ts';
import { projectsAwaitingReview } from './stages-repository.ts';

export { getOwnProject, getProjectForStaff } from './service.ts';
export { projects } from './schema.ts';
export { upsertProjects } from './repository.ts';
export {
  addTemplateStages,
  findProjectBuild,
  findReviewsOfProjects,
  findStageOwners,
  importedStageTemplates,
  upsertProjectReviews,
  upsertProjectStages,
  upsertStoreListings,
  type ProjectBuildRows,
} from './build-records.ts';

export const projectsModule: PortalModule = {
  name: 'projects',
  routes: [projectRoutes, stageRoutes, projectReviewRoutes, storeListingRoutes],
  uploadPurposes: projectUploadPurposes,
  // A preview waiting for the customer's decision asks them to review it.
  actions: async (db, userId) => (await projectsAwaitingReview(db, userId)).map((project) => ({ kind: 'review-preview', ...project })),
};

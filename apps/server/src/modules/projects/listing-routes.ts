import type { FastifyInstance } from 'fastify';
import { storeListingRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { getLaunchChecklistForStaff, getOwnLaunchChecklist } from './launch-checklist.ts';
import { getListingForStaff, getOwnListing, saveOwnListing } from './store-listing.ts';

/** A project's store listing and launch checklist, for its owner and for staff (issue 27). */
export async function storeListingRoutes(app: FastifyInstance) {
  registerRoute(app, route.getStoreListing, async (request) => getOwnListing(app, request.user.id, request.params.projectId));
  registerRoute(app, route.saveStoreListing, async (request) => saveOwnListing(app, request.user, request.params.projectId, request.body));
  registerRoute(app, route.getStaffStoreListing, async (request) => getListingForStaff(app, request.params.projectId));
  registerRoute(app, route.getLaunchChecklist, async (request) => getOwnLaunchChecklist(app, request.user.id, request.params.projectId));
  registerRoute(app, route.getStaffLaunchChecklist, async (request) => getLaunchChecklistForStaff(app, request.params.projectId));
}

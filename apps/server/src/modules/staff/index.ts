/** Staff: the staff API (chats, projects, setup steps live in onboarding) and creating staff accounts. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { staffRoutes } from './routes.ts';
import { staffConsoleRoutes } from './console-routes.ts';
import { overviewFoldSweep } from './overview-fold.ts';

export { createOrPromoteStaff } from './service.ts';
export { staffInvitations } from './schema.ts';

export const staffModule: PortalModule = { name: 'staff', routes: [staffRoutes, staffConsoleRoutes], work: [overviewFoldSweep] };

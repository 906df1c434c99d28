/** Staff: the console's own reads (customers, audit, a customer's mail, the overview), the team and its invitations, and creating staff accounts. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { staffRoutes } from './routes.ts';
import { overviewFoldSweep } from './overview-fold.ts';

export { createOrPromoteStaff } from './service.ts';
export { staffInvitations } from './schema.ts';

export const staffModule: PortalModule = { name: 'staff', routes: [staffRoutes], work: [overviewFoldSweep] };

/** The team inbox's tools beside the chats (issue 23 point 5): message search, ratings, support figures. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { supportInboxRoutes } from './routes.ts';

export { chatRatings } from './schema.ts';

export const supportInboxModule: PortalModule = { name: 'support-inbox', routes: [supportInboxRoutes] };

/** Support chats: the customer's side here; staff answer through the staff module with these services. */
import type { PortalModule } from '../../platform/portal-module.ts';
import { supportRoutes } from './routes.ts';
import { teamInboxRoutes } from './team-routes.ts';

export { supportChats, supportMessages } from './schema.ts';
/** The team inbox (decision 0060): assignment, private notes, saved replies, alerts. */
export { alertPreferencesOf } from './staff-alerts.ts';
export { staffAlertPreferences, supportNotes } from './team-schema.ts';
export { deleteChats, upsertChats, upsertMessages } from './repository.ts';

export const supportModule: PortalModule = { name: 'support', routes: [supportRoutes, teamInboxRoutes] };

/**
 * Support chats, the customer's side and staff's, and the team inbox's tools: assignment, private notes, saved
 * replies, alerts (decision 0060), message search, ratings, typing and the overview's support figures.
 */
import type { PortalModule } from '../../platform/portal-module.ts';
import { supportRoutes } from './routes.ts';
import { teamInboxRoutes } from './team-routes.ts';
import { supportInboxRoutes } from './inbox-routes.ts';
import { chatUploadPurposes } from './upload-purposes.ts';

export { supportChats, supportMessages } from './schema.ts';
export { chatRatings } from './rating-schema.ts';
/** The team inbox (decision 0060): assignment, private notes, saved replies, alerts. */
export { alertPreferencesOf } from './staff-alerts.ts';
export { staffAlertPreferences, supportNotes } from './team-schema.ts';
export { deleteChats, upsertChats, upsertMessages } from './repository.ts';

export const supportModule: PortalModule = {
  name: 'support',
  routes: [supportRoutes, teamInboxRoutes, supportInboxRoutes],
  uploadPurposes: chatUploadPurposes,
};

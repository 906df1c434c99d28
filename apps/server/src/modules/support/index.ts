/** Support chats: the customer's side here; staff answer through the staff module with these services. */
export { supportRoutes } from './routes.ts';
export { getChatForStaff, listChatsForStaff, markChatRead, sendMessage, setChatStatus } from './service.ts';
export { supportChats, supportMessages } from './schema.ts';
/** The team inbox (decision 0060): assignment, private notes, saved replies, alerts. */
export { teamInboxRoutes } from './team-routes.ts';
export { alertPreferencesOf } from './staff-alerts.ts';
export { staffAlertPreferences, supportNotes } from './team-schema.ts';
export { deleteChats, upsertChats, upsertMessages } from './repository.ts';

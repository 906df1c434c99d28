import { errorBodySchema } from '../errors.ts';
import { pageQuerySchema } from '../page.ts';
import { defineRoute, noContent } from '../route.ts';
import { staffChatSummarySchema } from '../staff.ts';
import { chatParamsSchema } from '../support.ts';
import {
  assignableStaffSchema,
  assignChatSchema,
  chatNoteListSchema,
  chatNoteSchema,
  createNoteSchema,
  savedReplyInputSchema,
  savedReplyListQuerySchema,
  savedReplyListSchema,
  savedReplyParamsSchema,
  savedReplySchema,
  staffAlertPreferencesSchema,
  staffAlertPreferencesUpdateSchema,
  staffInboxAlertsSchema,
} from '../team-inbox.ts';
import { topics } from '../topics.ts';

/** The team inbox (decision 0060): assignment, private notes, saved replies, alerts. Every route is staff-only. */
const tags = ['staff'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const assignChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/assignee',
  auth: 'staff',
  tags,
  summary: 'Assign a chat to a staff member, or unassign it (409 ASSIGNMENT_CHANGED if someone changed it meanwhile); audited',
  params: chatParamsSchema,
  body: assignChatSchema,
  responses: { 200: staffChatSummarySchema, ...errors },
  topic: topics.chats,
});

export const listAssignableStaff = defineRoute({
  method: 'GET',
  path: '/api/staff/assignable-staff',
  auth: 'staff',
  tags,
  summary: 'Every staff member a chat can be assigned to, by name',
  responses: { 200: assignableStaffSchema, ...errors },
});

export const listChatNotes = defineRoute({
  method: 'GET',
  path: '/api/staff/chats/:chatId/notes',
  auth: 'staff',
  tags,
  summary: "A chat's private notes, newest first, a page at a time (never shown to the customer)",
  params: chatParamsSchema,
  query: pageQuerySchema,
  responses: { 200: chatNoteListSchema, ...errors },
  topic: topics.chatNotes,
});

export const addChatNote = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/notes',
  auth: 'staff',
  tags,
  summary: 'Write a private note in a chat: staff read it, the customer never does; audited',
  params: chatParamsSchema,
  body: createNoteSchema,
  responses: { 201: chatNoteSchema, ...errors },
  topic: topics.chatNotes,
});

export const listSavedReplies = defineRoute({
  method: 'GET',
  path: '/api/staff/saved-replies',
  auth: 'staff',
  tags,
  summary: 'Saved replies, oldest first, filtered by a part of the title or text',
  query: savedReplyListQuerySchema,
  responses: { 200: savedReplyListSchema, ...errors },
  topic: topics.savedReplies,
});

export const createSavedReply = defineRoute({
  method: 'POST',
  path: '/api/staff/saved-replies',
  auth: 'admin',
  tags,
  summary: 'Add a saved reply (409 SAVED_REPLY_EXISTS for a title in use); audited',
  body: savedReplyInputSchema,
  responses: { 201: savedReplySchema, ...errors },
  topic: topics.savedReplies,
});

export const updateSavedReply = defineRoute({
  method: 'PUT',
  path: '/api/staff/saved-replies/:replyId',
  auth: 'admin',
  tags,
  summary: 'Change a saved reply; audited',
  params: savedReplyParamsSchema,
  body: savedReplyInputSchema,
  responses: { 200: savedReplySchema, ...errors },
  topic: topics.savedReplies,
});

export const deleteSavedReply = defineRoute({
  method: 'DELETE',
  path: '/api/staff/saved-replies/:replyId',
  auth: 'admin',
  tags,
  summary: 'Delete a saved reply; audited',
  params: savedReplyParamsSchema,
  responses: { 204: noContent, ...errors },
  topic: topics.savedReplies,
});

export const getInboxAlerts = defineRoute({
  method: 'GET',
  path: '/api/staff/inbox-alerts',
  auth: 'staff',
  tags,
  summary: 'What waits for this staff member (unassigned or own open chats with unread messages) and their alert settings',
  responses: { 200: staffInboxAlertsSchema, ...errors },
  topic: topics.chats,
});

export const updateAlertPreferences = defineRoute({
  method: 'PATCH',
  path: '/api/staff/alert-preferences',
  auth: 'staff',
  tags,
  summary: "Turn this staff member's inbox alerts on or off",
  body: staffAlertPreferencesUpdateSchema,
  responses: { 200: staffAlertPreferencesSchema, ...errors },
  topic: topics.chats,
});

export const teamInboxRoutes = {
  assignChat,
  listAssignableStaff,
  listChatNotes,
  addChatNote,
  listSavedReplies,
  createSavedReply,
  updateSavedReply,
  deleteSavedReply,
  getInboxAlerts,
  updateAlertPreferences,
} as const;

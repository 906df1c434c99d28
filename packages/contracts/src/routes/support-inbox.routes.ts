import { errorBodySchema, staffErrors } from '../errors.ts';
import { defineRoute, noContent } from '../route.ts';
import { chatParamsSchema } from '../support.ts';
import { chatRatingSchema, messageSearchQuerySchema, messageSearchResultSchema, rateChatSchema, supportFiguresSchema } from '../support-inbox.ts';
import { topics } from '../topics.ts';
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
  staffChatSummarySchema,
} from '../team-inbox.ts';
import { pageQuerySchema } from '../page.ts';

const customerErrors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const searchMessages = defineRoute({
  method: 'GET',
  path: '/api/staff/messages',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Messages whose words match (full text, word stems), newest first, a page at a time',
  description: 'Words as typed in a web search: "a phrase" in quotes, -word to leave a word out, or between words.',
  query: messageSearchQuerySchema,
  responses: { 200: messageSearchResultSchema, ...staffErrors },
  topic: topics.chats,
});

export const getChatRating = defineRoute({
  method: 'GET',
  path: '/api/support/chats/:chatId/rating',
  auth: 'user',
  tags: ['support'],
  summary: "Whether the chat's latest closing may be rated by its customer, and its rating if given",
  params: chatParamsSchema,
  responses: { 200: chatRatingSchema, ...customerErrors },
  topic: topics.chats,
});

export const rateChat = defineRoute({
  method: 'POST',
  path: '/api/support/chats/:chatId/rating',
  auth: 'user',
  tags: ['support'],
  summary: 'The customer rates a closed chat from 1 to 5, with an optional comment, once per closing',
  description: '409 CHAT_NOT_CLOSED while the chat is open; 409 ALREADY_RATED when this closing was rated.',
  params: chatParamsSchema,
  body: rateChatSchema,
  responses: { 201: chatRatingSchema, ...customerErrors },
  topic: topics.chats,
});

export const getSupportFigures = defineRoute({
  method: 'GET',
  path: '/api/staff/overview/support',
  auth: 'staff',
  tags: ['staff'],
  summary: "The last 30 days' average rating and first-response time (median and average)",
  responses: { 200: supportFiguresSchema, ...staffErrors },
  topic: topics.chats,
});

export const signalTyping = defineRoute({
  method: 'POST',
  path: '/api/support/chats/:chatId/typing',
  auth: 'user',
  tags: ['support'],
  summary: 'The chat\'s customer or staff are typing: the other side sees "typing…" (a live event, throttled, never stored)',
  params: chatParamsSchema,
  responses: { 204: noContent, ...customerErrors },
  topic: topics.typing,
});

// The team inbox (decision 0060): assignment, private notes, saved replies, alerts. Every route is staff-only.

export const assignChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/assignee',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Assign a chat to a staff member, or unassign it (409 ASSIGNMENT_CHANGED if someone changed it meanwhile); audited',
  params: chatParamsSchema,
  body: assignChatSchema,
  responses: { 200: staffChatSummarySchema, ...staffErrors },
  topic: topics.chats,
});

export const listAssignableStaff = defineRoute({
  method: 'GET',
  path: '/api/staff/assignable-staff',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Every staff member a chat can be assigned to, by name',
  responses: { 200: assignableStaffSchema, ...staffErrors },
});

export const listChatNotes = defineRoute({
  method: 'GET',
  path: '/api/staff/chats/:chatId/notes',
  auth: 'staff',
  tags: ['staff'],
  summary: "A chat's private notes, newest first, a page at a time (never shown to the customer)",
  params: chatParamsSchema,
  query: pageQuerySchema,
  responses: { 200: chatNoteListSchema, ...staffErrors },
  topic: topics.chatNotes,
});

export const addChatNote = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/notes',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Write a private note in a chat: staff read it, the customer never does; audited',
  params: chatParamsSchema,
  body: createNoteSchema,
  responses: { 201: chatNoteSchema, ...staffErrors },
  topic: topics.chatNotes,
});

export const listSavedReplies = defineRoute({
  method: 'GET',
  path: '/api/staff/saved-replies',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Saved replies, oldest first, filtered by a part of the title or text',
  query: savedReplyListQuerySchema,
  responses: { 200: savedReplyListSchema, ...staffErrors },
  topic: topics.savedReplies,
});

export const createSavedReply = defineRoute({
  method: 'POST',
  path: '/api/staff/saved-replies',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Add a saved reply (409 SAVED_REPLY_EXISTS for a title in use); audited',
  body: savedReplyInputSchema,
  responses: { 201: savedReplySchema, ...staffErrors },
  topic: topics.savedReplies,
});

export const updateSavedReply = defineRoute({
  method: 'PUT',
  path: '/api/staff/saved-replies/:replyId',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Change a saved reply; audited',
  params: savedReplyParamsSchema,
  body: savedReplyInputSchema,
  responses: { 200: savedReplySchema, ...staffErrors },
  topic: topics.savedReplies,
});

export const deleteSavedReply = defineRoute({
  method: 'DELETE',
  path: '/api/staff/saved-replies/:replyId',
  auth: 'admin',
  tags: ['staff'],
  summary: 'Delete a saved reply; audited',
  params: savedReplyParamsSchema,
  responses: { 204: noContent, ...staffErrors },
  topic: topics.savedReplies,
});

export const getInboxAlerts = defineRoute({
  method: 'GET',
  path: '/api/staff/inbox-alerts',
  auth: 'staff',
  tags: ['staff'],
  summary: 'What waits for this staff member (unassigned or own open chats with unread messages) and their alert settings',
  responses: { 200: staffInboxAlertsSchema, ...staffErrors },
  topic: topics.chats,
});

export const updateAlertPreferences = defineRoute({
  method: 'PATCH',
  path: '/api/staff/alert-preferences',
  auth: 'staff',
  tags: ['staff'],
  summary: "Turn this staff member's inbox alerts on or off",
  body: staffAlertPreferencesUpdateSchema,
  responses: { 200: staffAlertPreferencesSchema, ...staffErrors },
  topic: topics.chats,
});

export const supportInboxRoutes = {
  searchMessages,
  getChatRating,
  rateChat,
  getSupportFigures,
  signalTyping,
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
};

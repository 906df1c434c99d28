import { errorBodySchema, staffErrors } from '../errors.ts';
import { pageQuerySchema } from '../page.ts';
import { defineRoute, noContent } from '../route.ts';
import {
  chatDetailSchema,
  chatListSchema,
  chatMessageSchema,
  chatParamsSchema,
  createChatResultSchema,
  createChatSchema,
  sendMessageSchema,
} from '../support.ts';
import { topics } from '../topics.ts';
import { staffChatDetailSchema, staffChatListQuerySchema, staffChatListSchema, staffChatSummarySchema } from '../team-inbox.ts';

const tags = ['support'];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const listChats = defineRoute({
  method: 'GET',
  path: '/api/support/chats',
  auth: 'user',
  tags,
  summary: "The signed-in user's chats, most recent activity first, 25 a page",
  query: pageQuerySchema,
  responses: { 200: chatListSchema, 400: errorBodySchema, 401: errorBodySchema },
  topic: topics.chats,
});

export const createChat = defineRoute({
  method: 'POST',
  path: '/api/support/chats',
  auth: 'user',
  tags,
  summary: 'createSupportChat: open a chat with a reason and a first message',
  body: createChatSchema,
  responses: { 201: createChatResultSchema, ...errors },
  topic: topics.chats,
});

export const getChat = defineRoute({
  method: 'GET',
  path: '/api/support/chats/:chatId',
  auth: 'user',
  tags,
  summary: 'A chat and a page of its messages, newest page first, oldest first within it (its owner or staff)',
  params: chatParamsSchema,
  query: pageQuerySchema,
  responses: { 200: chatDetailSchema, ...errors },
  topic: topics.chats,
});

export const sendMessage = defineRoute({
  method: 'POST',
  path: '/api/support/chats/:chatId/messages',
  auth: 'user',
  tags,
  summary: 'sendSupportMessage: text, or an image or video uploaded for this chat',
  description: "The chat's owner sends as 'user'; staff answering here send as 'support'. A closed chat answers 409.",
  params: chatParamsSchema,
  body: sendMessageSchema,
  responses: { 201: chatMessageSchema, ...errors },
  topic: topics.chats,
});

// Staff's side (staff only; under the staff tag in the API's documentation).

export const listStaffChats = defineRoute({
  method: 'GET',
  path: '/api/staff/chats',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Every support chat, most recent activity first',
  query: staffChatListQuerySchema,
  responses: { 200: staffChatListSchema, ...staffErrors },
  topic: topics.chats,
});

export const getStaffChat = defineRoute({
  method: 'GET',
  path: '/api/staff/chats/:chatId',
  auth: 'staff',
  tags: ['staff'],
  summary: 'A chat with its customer and a page of its messages, newest page first',
  params: chatParamsSchema,
  query: pageQuerySchema,
  responses: { 200: staffChatDetailSchema, ...staffErrors },
  topic: topics.chats,
});

export const replyToChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/messages',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Reply as support: text, or an image or video uploaded for this chat',
  params: chatParamsSchema,
  body: sendMessageSchema,
  responses: { 201: chatMessageSchema, ...staffErrors },
  topic: topics.chats,
});

export const markChatRead = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/read',
  auth: 'staff',
  tags: ['staff'],
  summary: "Support has read the chat: clears its unread count and shows the customer 'Seen'",
  params: chatParamsSchema,
  responses: { 204: noContent, ...staffErrors },
  topic: topics.chats,
});

export const closeChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/close',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Close a chat: the customer can no longer write',
  params: chatParamsSchema,
  responses: { 200: staffChatSummarySchema, ...staffErrors },
  topic: topics.chats,
});

export const reopenChat = defineRoute({
  method: 'POST',
  path: '/api/staff/chats/:chatId/reopen',
  auth: 'staff',
  tags: ['staff'],
  summary: 'Reopen a closed chat',
  params: chatParamsSchema,
  responses: { 200: staffChatSummarySchema, ...staffErrors },
  topic: topics.chats,
});

export const supportRoutes = { listChats, createChat, getChat, sendMessage, listStaffChats, getStaffChat, replyToChat, markChatRead, closeChat, reopenChat };

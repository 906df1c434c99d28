import { errorBodySchema } from '../errors.ts';
import { pageQuerySchema } from '../page.ts';
import { defineRoute } from '../route.ts';
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

export const supportRoutes = { listChats, createChat, getChat, sendMessage };

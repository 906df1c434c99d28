import { errorBodySchema, staffErrors } from '../errors.ts';
import { defineRoute, noContent } from '../route.ts';
import { chatParamsSchema } from '../support.ts';
import { chatRatingSchema, messageSearchQuerySchema, messageSearchResultSchema, rateChatSchema, supportFiguresSchema } from '../support-inbox.ts';
import { topics } from '../topics.ts';

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

export const supportInboxRoutes = { searchMessages, getChatRating, rateChat, getSupportFigures, signalTyping };

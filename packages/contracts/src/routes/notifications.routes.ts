import { errorBodySchema } from '../errors.ts';
import { confirmDeletionSchema, mailPreferencesSchema } from '../notifications.ts';
import { defineRoute, noContent } from '../route.ts';
import { chatParamsSchema } from '../support.ts';
import { deletionRequestSchema } from '../account.ts';

const tags = ['notifications'];

export const getMailPreferences = defineRoute({
  method: 'GET',
  path: '/api/me/mail-preferences',
  auth: 'user',
  tags,
  summary: 'Which optional e-mails (support replies, project updates) the signed-in user gets',
  responses: { 200: mailPreferencesSchema, 401: errorBodySchema },
});

export const updateMailPreferences = defineRoute({
  method: 'PUT',
  path: '/api/me/mail-preferences',
  auth: 'user',
  tags,
  summary: 'Turns optional e-mails on or off; receipts and security mail are always sent',
  body: mailPreferencesSchema,
  responses: { 200: mailPreferencesSchema, 400: errorBodySchema, 401: errorBodySchema },
});

export const markChatSeen = defineRoute({
  method: 'POST',
  path: '/api/support/chats/:chatId/presence',
  auth: 'user',
  tags,
  summary: "The chat's open page says the customer is there (sent while it is open): replies until now count as seen",
  params: chatParamsSchema,
  responses: { 204: noContent, 401: errorBodySchema, 404: errorBodySchema },
});

export const confirmAccountDeletion = defineRoute({
  method: 'POST',
  path: '/api/account-deletion-requests/confirm',
  auth: 'public',
  tags,
  summary: 'Follows the link mailed to the address: the deletion request takes effect and a "received" mail is sent',
  description: 'A used or unknown token answers 404 DELETION_LINK_INVALID; an expired one 410 DELETION_LINK_EXPIRED.',
  body: confirmDeletionSchema,
  responses: { 200: deletionRequestSchema, 400: errorBodySchema, 404: errorBodySchema, 410: errorBodySchema },
});

export const notificationRoutes = { getMailPreferences, updateMailPreferences, markChatSeen, confirmAccountDeletion };

import type { FastifyInstance } from 'fastify';
import { notificationRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { preferencesOf, savePreferences } from './preferences.ts';
import { markChatSeen } from './support-replies.ts';

/** Mail preferences and the chat page's presence; the deletion confirmation is the account module's. */
export async function notificationRoutesPlugin(app: FastifyInstance) {
  registerRoute(app, route.getMailPreferences, async (request) => preferencesOf(app.db, request.user.id));
  registerRoute(app, route.updateMailPreferences, async (request) => savePreferences(app.db, request.user.id, request.body, app.clock()));
  registerRoute(app, route.markChatSeen, async (request, reply) => {
    await markChatSeen(app, request.user.id, request.params.chatId);
    return reply.code(204).send(null);
  });
}

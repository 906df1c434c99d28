import type { FastifyInstance } from 'fastify';
import { supportRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as service from './service.ts';

/**
 * Support chats: the customer's side (spec §2 /support, /create-chat, /support/chat/{chatId}) and the staff inbox's
 * (every chat, reply, read, close and reopen; staff only).
 */
export async function supportRoutes(app: FastifyInstance) {

  registerRoute(app, route.listChats, async (request) => service.listOwnChats(app.db, request.user.id, request.query));
  registerRoute(app, route.createChat, async (request, reply) =>
    reply.code(201).send(await service.createChat(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.getChat, async (request) => (await service.getChat(app.db, request.user, request.params.chatId, request.query)).detail);
  registerRoute(app, route.sendMessage, async (request, reply) =>
    reply.code(201).send(await service.sendMessage(app.db, request.user, request.params.chatId, request.body, app.clock())),
  );

  registerRoute(app, route.listStaffChats, async (request) => service.listChatsForStaff(app.db, { ...request.query, viewerId: request.user.id }));
  registerRoute(app, route.getStaffChat, async (request) => service.getChatForStaff(app.db, request.user, request.params.chatId, request.query));
  registerRoute(app, route.replyToChat, async (request, reply) => {
    const message = await service.sendMessage(app.db, request.user, request.params.chatId, request.body, app.clock(), 'support', request.user);
    return reply.code(201).send(message);
  });
  registerRoute(app, route.markChatRead, async (request, reply) => {
    await service.markChatRead(app.db, request.user, request.params.chatId, app.clock());
    return reply.code(204).send();
  });
  registerRoute(app, route.closeChat, async (request) => service.setChatStatus(app.db, request.user, request.params.chatId, 'CLOSED', app.clock()));
  registerRoute(app, route.reopenChat, async (request) => service.setChatStatus(app.db, request.user, request.params.chatId, 'OPEN', app.clock()));
}

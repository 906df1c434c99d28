import type { FastifyInstance } from 'fastify';
import { supportRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as service from './service.ts';
import { registerChatUploadPurposes } from './upload-purposes.ts';

/** The customer's side of support chats (spec §2 /support, /create-chat, /support/chat/{chatId}). */
export async function supportRoutes(app: FastifyInstance) {
  registerChatUploadPurposes();

  registerRoute(app, route.listChats, async (request) => service.listOwnChats(app.db, request.user.id, request.query));
  registerRoute(app, route.createChat, async (request, reply) =>
    reply.code(201).send(await service.createChat(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.getChat, async (request) => (await service.getChat(app.db, request.user, request.params.chatId, request.query)).detail);
  registerRoute(app, route.sendMessage, async (request, reply) =>
    reply.code(201).send(await service.sendMessage(app.db, request.user, request.params.chatId, request.body, app.clock())),
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@portal/contracts/errors';
import {
  chatDetailSchema,
  chatListSchema,
  chatMessageSchema,
  chatParamsSchema,
  createChatResultSchema,
  createChatSchema,
  sendMessageSchema,
} from '@portal/contracts/support';
import { requireUser } from '../../platform/auth/session.ts';
import * as service from './service.ts';
import { registerChatUploadPurposes } from './upload-purposes.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The customer's side of support chats (spec §2 /support, /create-chat, /support/chat/{chatId}). */
export async function supportRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];
  registerChatUploadPurposes();
  // Signed-in users only, checked before the input is.
  app.addHook('preValidation', async (request) => {
    await requireUser(request);
  });

  app.get(
    '/api/support/chats',
    { schema: { tags, summary: "The signed-in user's chats, most recent activity first", response: { 200: chatListSchema, 401: errorBodySchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { chats: await service.listOwnChats(app.db, user.id) };
    },
  );

  app.post(
    '/api/support/chats',
    {
      schema: {
        tags,
        summary: 'createSupportChat: open a chat with a reason and a first message',
        body: createChatSchema,
        response: { 201: createChatResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const result = await service.createChat(app.db, user, request.body, app.clock());
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/api/support/chats/:chatId',
    {
      schema: {
        tags,
        summary: 'A chat and its messages, oldest first (its owner or staff)',
        params: chatParamsSchema,
        response: { 200: chatDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return (await service.getChat(app.db, user, request.params.chatId)).detail;
    },
  );

  app.post(
    '/api/support/chats/:chatId/messages',
    {
      schema: {
        tags,
        summary: 'sendSupportMessage: text, or an image or video uploaded for this chat',
        description: "The chat's owner sends as 'user'; staff answering here send as 'support'. A closed chat answers 409.",
        params: chatParamsSchema,
        body: sendMessageSchema,
        response: { 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const message = await service.sendMessage(app.db, user, request.params.chatId, request.body, app.clock());
      return reply.code(201).send(message);
    },
  );
}

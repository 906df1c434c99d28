import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@portal/contracts/errors';
import { projectParamsSchema } from '@portal/contracts/projects';
import {
  createProjectSchema,
  staffChatDetailSchema,
  staffChatListQuerySchema,
  staffChatListSchema,
  staffChatSummarySchema,
  staffProjectListQuerySchema,
  staffProjectListSchema,
  staffProjectSchema,
  updateProjectSchema,
} from '@portal/contracts/staff';
import { chatMessageSchema, chatParamsSchema, sendMessageSchema } from '@portal/contracts/support';
import { requireStaff } from '../../platform/auth/session.ts';
import * as projects from '../projects/service.ts';
import * as support from '../support/service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/** The staff API: answer and close support chats, create and update customers' projects. Customers get 403. */
export async function staffRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff'];
  const security = [{ session: [] }];
  // Checked before the input, so a customer learns nothing from a staff endpoint but 403.
  app.addHook('preValidation', async (request) => {
    await requireStaff(request);
  });

  app.get(
    '/api/staff/chats',
    { schema: { tags, security, summary: 'Every support chat, most recent activity first', querystring: staffChatListQuerySchema, response: { 200: staffChatListSchema, ...errors } } },
    async (request) => {
      await requireStaff(request);
      return { chats: await support.listChatsForStaff(app.db, request.query.status) };
    },
  );

  app.get(
    '/api/staff/chats/:chatId',
    { schema: { tags, security, summary: 'A chat with its messages and customer', params: chatParamsSchema, response: { 200: staffChatDetailSchema, ...errors } } },
    async (request) => {
      const staff = await requireStaff(request);
      return support.getChatForStaff(app.db, staff, request.params.chatId);
    },
  );

  app.post(
    '/api/staff/chats/:chatId/messages',
    {
      schema: {
        tags,
        security,
        summary: 'Reply as support: text, or an image or video uploaded for this chat',
        params: chatParamsSchema,
        body: sendMessageSchema,
        response: { 201: chatMessageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const staff = await requireStaff(request);
      const message = await support.sendMessage(app.db, staff, request.params.chatId, request.body, app.clock(), 'support');
      return reply.code(201).send(message);
    },
  );

  for (const [action, status] of [['close', 'CLOSED'], ['reopen', 'OPEN']] as const) {
    app.post(
      `/api/staff/chats/:chatId/${action}`,
      {
        schema: {
          tags,
          security,
          summary: status === 'CLOSED' ? 'Close a chat: the customer can no longer write' : 'Reopen a closed chat',
          params: chatParamsSchema,
          response: { 200: staffChatSummarySchema, ...errors },
        },
      },
      async (request) => {
        const staff = await requireStaff(request);
        return support.setChatStatus(app.db, staff, request.params.chatId, status);
      },
    );
  }

  app.get(
    '/api/staff/projects',
    { schema: { tags, security, summary: "Every project (or one customer's), created newest first", querystring: staffProjectListQuerySchema, response: { 200: staffProjectListSchema, ...errors } } },
    async (request) => {
      await requireStaff(request);
      return { projects: await projects.listProjectsForStaff(app.db, request.query.ownerId) };
    },
  );

  app.post(
    '/api/staff/projects',
    {
      schema: {
        tags,
        security,
        summary: 'Create a project for a customer (by ownerId or ownerEmail)',
        body: createProjectSchema,
        response: { 201: staffProjectSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireStaff(request);
      return reply.code(201).send(await projects.createProject(app.db, request.body, app.clock()));
    },
  );

  app.patch(
    '/api/staff/projects/:projectId',
    {
      schema: {
        tags,
        security,
        summary: 'Update a project: names, logo, notes, release status and its publish time, deliverables',
        params: projectParamsSchema,
        body: updateProjectSchema,
        response: { 200: staffProjectSchema, ...errors },
      },
    },
    async (request) => {
      await requireStaff(request);
      return projects.updateProject(app.db, request.params.projectId, request.body, app.clock());
    },
  );
}

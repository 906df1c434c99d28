import type { FastifyInstance } from 'fastify';
import { supportInboxRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { assignChat, listAssignableStaff } from './assignment.ts';
import { addNote, listNotes } from './notes.ts';
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply } from './saved-replies.ts';
import { inboxAlertsOf, saveAlertPreferences } from './staff-alerts.ts';

/** The team inbox's staff routes (decision 0060): assignment, private notes, saved replies, alerts. */
export async function teamInboxRoutes(app: FastifyInstance) {
  registerRoute(app, route.assignChat, async (request) => assignChat(app.db, request.user, request.params.chatId, request.body, app.clock()));
  registerRoute(app, route.listAssignableStaff, async () => listAssignableStaff(app.db));

  registerRoute(app, route.listChatNotes, async (request) => listNotes(app.db, request.user, request.params.chatId, request.query));
  registerRoute(app, route.addChatNote, async (request, reply) =>
    reply.code(201).send(await addNote(app.db, request.user, request.params.chatId, request.body, app.clock())),
  );

  registerRoute(app, route.listSavedReplies, async (request) => listSavedReplies(app.db, request.query));
  registerRoute(app, route.createSavedReply, async (request, reply) =>
    reply.code(201).send(await createSavedReply(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updateSavedReply, async (request) => updateSavedReply(app.db, request.user, request.params.replyId, request.body, app.clock()));
  registerRoute(app, route.deleteSavedReply, async (request, reply) => {
    await deleteSavedReply(app.db, request.user, request.params.replyId, app.clock());
    return reply.code(204).send(null);
  });

  registerRoute(app, route.getInboxAlerts, async (request) => inboxAlertsOf(app.db, request.user.id));
  registerRoute(app, route.updateAlertPreferences, async (request) => saveAlertPreferences(app.db, request.user.id, request.body, app.clock()));
}

import type { FastifyInstance } from 'fastify';
import { supportInboxRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { supportFigures } from './figures.ts';
import { chatRatingFor, rateChat } from './ratings.ts';
import { searchMessages } from './search.ts';
import { signalTyping } from './typing.ts';

/** The team inbox's search, the customer's rating of a closed chat, and the overview's support figures. */
export async function supportInboxRoutes(app: FastifyInstance) {
  registerRoute(app, route.searchMessages, async (request) => searchMessages(app.db, request.query));
  registerRoute(app, route.getChatRating, async (request) => chatRatingFor(app.db, request.user.id, request.params.chatId));
  registerRoute(app, route.rateChat, async (request, reply) =>
    reply.code(201).send(await rateChat(app.db, request.user.id, request.params.chatId, request.body, app.clock())),
  );
  registerRoute(app, route.getSupportFigures, async () => supportFigures(app.db, app.clock()));
  registerRoute(app, route.signalTyping, async (request, reply) => {
    await signalTyping(app.db, request.user, request.params.chatId, app.clock());
    return reply.code(204).send(null);
  });
}

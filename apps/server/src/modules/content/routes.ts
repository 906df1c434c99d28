import type { FastifyInstance } from 'fastify';
import { contentRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { importContent } from './import/apply.ts';
import { faqList, helpGuides } from './service.ts';

/** Exports can be much larger than ordinary requests. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** FAQs and help guides for signed-in users, and the operator's content import. */
export async function contentRoutes(app: FastifyInstance) {
  registerRoute(app, route.listFaqs, async () => ({ faqs: await faqList(app.db) }));
  registerRoute(app, route.listHelpGuides, async () => ({ guides: await helpGuides(app.db) }));
  registerRoute(app, route.importContent, async (request) => importContent(app.db, request.body), {
    bodyLimit: IMPORT_BODY_LIMIT,
  });
}

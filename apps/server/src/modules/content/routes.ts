import type { FastifyInstance } from 'fastify';
import { contentRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { exportContent } from './import/export.ts';
import { importContent } from './import/apply.ts';
import { faqList, helpGuides } from './service.ts';

/** Exports can be much larger than ordinary requests. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * FAQs and help guides for signed-in users; the content import for the operator (CLI) and for staff (console),
 * one code path with the same checks, and the export for staff.
 */
export async function contentRoutes(app: FastifyInstance) {
  registerRoute(app, route.listFaqs, async () => ({ faqs: await faqList(app.db) }));
  registerRoute(app, route.listHelpGuides, async () => ({ guides: await helpGuides(app.db) }));
  registerRoute(
    app,
    route.importContent,
    async (request) => importContent(app.db, request.body, { replace: request.query.replace === 'true' }),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  registerRoute(
    app,
    route.importContentAsStaff,
    async (request) =>
      importContent(app.db, request.body, {
        replace: request.query.replace === 'true',
        audit: { actor: { id: request.user.id, name: request.user.name }, now: app.clock() },
      }),
    { bodyLimit: IMPORT_BODY_LIMIT },
  );
  registerRoute(app, route.exportContent, async (_request, reply) => {
    const day = app.clock().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="portal-content-${day}.json"`)
      .send(await exportContent(app.db));
  });
}

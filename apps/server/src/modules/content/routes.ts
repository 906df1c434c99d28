import type { FastifyInstance } from 'fastify';
import * as projects from '../projects/index.ts';
import { contentRoutes as route, helpRoutes as help } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import { exportContent } from './import/export.ts';
import * as editor from './help-editor.ts';
import { importContent } from './import/apply.ts';
import { exportProject } from './import/project-builds.ts';
import { faqList, helpGuides } from './help.ts';
import { showcaseRoutes } from './showcase-routes.ts';

/** Exports can be much larger than ordinary requests. */
const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/**
 * FAQs and help guides for signed-in users and their staff editors; the content import for the operator (CLI) and
 * for staff (console), one code path with the same checks, and the export for staff.
 */
export async function contentRoutes(app: FastifyInstance) {
  await app.register(showcaseRoutes);
  registerRoute(app, help.listFaqs, async () => ({ faqs: await faqList(app.db) }));
  registerRoute(app, help.listHelpGuides, async () => ({ guides: await helpGuides(app.db) }));
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
      .code(200)
      .send(await exportContent(app.db));
  });

  const projectFile = async (projectId: string) => {
    const project = await projects.getProjectForStaff(app.db, projectId);
    const { customer, projectId: id, ...fields } = project;
    return exportProject(app.db, {
      ...fields,
      id,
      userId: customer.id,
      userEmail: customer.email,
      createdTimestamp: project.createdTimestamp ?? 0,
      lastModifiedTimestamp: project.lastModifiedTimestamp ?? project.createdTimestamp ?? 0,
    });
  };
  const projectDownload = (projectId: string) => `attachment; filename="project-${projectId}.json"`;
  registerRoute(app, route.exportProject, async (request, reply) => {
    const file = await projectFile(request.params.projectId);
    return reply.header('content-disposition', projectDownload(request.params.projectId)).code(200).send(file);
  });
  registerRoute(app, route.exportOwnProject, async (request, reply) => {
    await projects.getOwnProject(app.db, request.user.id, request.params.projectId);
    const file = await projectFile(request.params.projectId);
    return reply.header('content-disposition', projectDownload(request.params.projectId)).code(200).send(file);
  });

  registerRoute(app, help.createFaq, async (request, reply) =>
    reply.code(201).send(await editor.createFaq(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, help.updateFaq, async (request) => editor.updateFaq(app.db, request.user, request.params.faqId, request.body, app.clock()));
  registerRoute(app, help.moveFaq, async (request) =>
    editor.moveFaq(app.db, request.user, request.params.faqId, request.body.direction, app.clock()),
  );
  registerRoute(app, help.deleteFaq, async (request, reply) => {
    await editor.deleteFaq(app.db, request.user, request.params.faqId, app.clock());
    return reply.code(204).send(null);
  });
  registerRoute(app, help.createHelpGuide, async (request, reply) =>
    reply.code(201).send(await editor.createHelpGuide(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, help.updateHelpGuide, async (request) =>
    editor.updateHelpGuide(app.db, request.user, request.params.guideId, request.body, app.clock()),
  );
  registerRoute(app, help.deleteHelpGuide, async (request, reply) => {
    await editor.deleteHelpGuide(app.db, request.user, request.params.guideId, app.clock());
    return reply.code(204).send(null);
  });
}

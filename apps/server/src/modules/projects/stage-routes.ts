import type { FastifyInstance } from 'fastify';
import { projectStageRoutes as route } from '@portal/contracts/routes';
import { registerRoute } from '../../platform/http/route.ts';
import * as templates from './stage-templates.ts';
import * as stages from './stages.ts';

/** A project's build stages: the owner's progress line, and staff's templates and per-project editor. */
export async function stageRoutes(app: FastifyInstance) {
  registerRoute(app, route.listOwnProjectStages, async (request) => stages.listOwnStages(app.db, request.user.id, request.params.projectId));

  registerRoute(app, route.listStageTemplates, async () => templates.listStageTemplates(app.db));
  registerRoute(app, route.createStageTemplate, async (request, reply) =>
    reply.code(201).send(await templates.createStageTemplate(app.db, request.user, request.body, app.clock())),
  );
  registerRoute(app, route.updateStageTemplate, async (request) =>
    templates.updateStageTemplate(app.db, request.user, request.params.stageTemplateId, request.body, app.clock()),
  );
  registerRoute(app, route.deleteStageTemplate, async (request, reply) => {
    await templates.deleteStageTemplate(app.db, request.user, request.params.stageTemplateId, app.clock());
    return reply.code(204).send();
  });
  registerRoute(app, route.reorderStageTemplates, async (request) => templates.reorderStageTemplates(app.db, request.user, request.body.ids, app.clock()));

  registerRoute(app, route.listProjectStages, async (request) => stages.listStagesForStaff(app.db, request.params.projectId));
  registerRoute(app, route.addProjectStage, async (request, reply) =>
    reply.code(201).send(await stages.addStage(app.db, request.user, request.params.projectId, request.body, app.clock())),
  );
  registerRoute(app, route.updateProjectStage, async (request) =>
    stages.updateStage(app, request.user, request.params.projectId, request.params.stageId, request.body, app.clock()),
  );
  registerRoute(app, route.reachProjectStage, async (request) =>
    stages.reachStage(app, request.user, request.params.projectId, request.params.stageId, app.clock()),
  );
  registerRoute(app, route.deleteProjectStage, async (request, reply) => {
    await stages.deleteStage(app.db, request.user, request.params.projectId, request.params.stageId, app.clock());
    return reply.code(204).send();
  });
}

import { randomUUID } from 'node:crypto';
import {
  STAGES_MAX,
  currentStageOf,
  type NewProjectStage,
  type ProjectStage,
  type ProjectStageChanges,
  type ProjectStageList,
} from '@portal/contracts/project-stages';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { AppError, conflict, notFound } from '../../platform/http/errors.ts';
import { sendStageReached } from '../notifications/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import * as projectsRepo from './repository.ts';
import { publishProject, updateProjectIn } from './service.ts';
import { daysAfter } from './stage-templates.ts';
import * as repo from './stages-repository.ts';

/** A project's stages (decision 0075): read by its owner, edited and moved forward by staff. */
const PROJECT_NOT_FOUND = 'Project not found.';
const stageNotFound = () => new AppError(404, 'STAGE_NOT_FOUND', 'Stage not found.');
const time = (date: Date | null) => (date ? date.getTime() : null);
const dateOf = (ms: number | null) => (ms === null ? null : new Date(ms));

const toStage = (row: repo.StageRow): ProjectStage => ({
  id: row.id,
  position: row.position,
  name: row.name,
  launches: row.launches,
  expectedAt: time(row.expectedAt),
  reachedAt: time(row.reachedAt),
  approvedAt: time(row.approvedAt),
});

const toList = (rows: repo.StageRow[]): ProjectStageList => {
  const stages = rows.map(toStage);
  return { stages, currentStageId: currentStageOf(stages) };
};

/** Another customer's project answers 404, as a missing one does. */
export async function listOwnStages(db: Db, userId: string, projectId: string): Promise<ProjectStageList> {
  if (!(await projectsRepo.findProjectOfUser(db, userId, projectId))) throw notFound(PROJECT_NOT_FOUND);
  return toList(await repo.listStages(db, projectId));
}

export async function listStagesForStaff(db: Db, projectId: string): Promise<ProjectStageList> {
  if (!(await projectsRepo.findProject(db, projectId))) throw notFound(PROJECT_NOT_FOUND);
  return toList(await repo.listStages(db, projectId));
}

/** The project held for the rest of the transaction: writes to one project's stages take turns. */
async function lockProject(tx: Db, projectId: string) {
  const found = await projectsRepo.findProject(tx, projectId, true);
  if (!found) throw notFound(PROJECT_NOT_FOUND);
  return found.project;
}

/** `stages` with `moved` taken out and put back at `position` (past the end: last). */
function placed(stages: repo.StageRow[], moved: repo.StageRow, position: number) {
  const others = stages.filter((stage) => stage.id !== moved.id);
  others.splice(Math.min(position, others.length), 0, moved);
  return others;
}

export async function addStage(db: Db, actor: AuditActor, projectId: string, input: NewProjectStage, now: Date): Promise<ProjectStage> {
  return db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const stages = await repo.listStages(tx, projectId);
    if (stages.length >= STAGES_MAX) throw conflict('TOO_MANY_STAGES', `A build has at most ${STAGES_MAX} stages.`);
    const expectedAt = dateOf(input.expectedAt ?? null);
    const row: repo.StageRow = {
      id: randomUUID(),
      projectId,
      position: stages.length,
      name: input.name,
      launches: input.launches ?? false,
      expectedAt,
      expectedDays: null,
      expectedByHand: expectedAt !== null,
      reachedAt: null,
      approvedAt: null,
      approvedBy: null,
    };
    await repo.insertStages(tx, [row]);
    await repo.renumberStages(tx, placed([...stages, row], row, input.position ?? stages.length));
    const created = (await repo.findStage(tx, projectId, row.id))!;
    await publishProject(tx, project);
    await recordAudit(tx, { actor, action: 'stage.create', entityType: 'project_stage', entityId: row.id, customerId: project.userId, before: null, after: created, now });
    return toStage(created);
  });
}

export async function deleteStage(db: Db, actor: AuditActor, projectId: string, stageId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const before = await repo.findStage(tx, projectId, stageId);
    if (!before) throw stageNotFound();
    await repo.deleteStage(tx, stageId);
    await repo.renumberStages(tx, await repo.listStages(tx, projectId));
    await publishProject(tx, project);
    // The stage's reviews went with it: a preview that waited for the customer no longer asks on their dashboard.
    await publishChange(tx, { topic: `dashboard:${project.userId}`, audience: { userId: project.userId } });
    await recordAudit(tx, { actor, action: 'stage.delete', entityType: 'project_stage', entityId: stageId, customerId: project.userId, before, after: null, now });
  });
}

/**
 * Staff edit a stage. A reached date given to a stage not reached reaches it (as `reachStage` does); null takes the
 * stamp off. An expected date given is staff's own, which reaching the stage before no longer replaces.
 */
export async function updateStage(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, actor: AuditActor, projectId: string, stageId: string, input: ProjectStageChanges, now: Date): Promise<ProjectStage> {
  return app.db.transaction(async (tx) => {
    const project = await lockProject(tx, projectId);
    const before = await repo.findStage(tx, projectId, stageId);
    if (!before) throw stageNotFound();
    const changes: repo.StageChanges = { name: input.name, launches: input.launches };
    if (input.expectedAt !== undefined) Object.assign(changes, { expectedAt: dateOf(input.expectedAt), expectedByHand: input.expectedAt !== null });
    const reaches = input.reachedAt != null && before.reachedAt === null;
    if (input.reachedAt !== undefined && !reaches) changes.reachedAt = dateOf(input.reachedAt);
    await repo.updateStage(tx, stageId, Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)));
    if (input.position !== undefined) await repo.renumberStages(tx, placed(await repo.listStages(tx, projectId), before, input.position));
    if (reaches) await reachIn(app, tx, actor, projectId, stageId, new Date(input.reachedAt!), now);
    const after = (await repo.findStage(tx, projectId, stageId))!;
    await publishProject(tx, project);
    await recordAudit(tx, { actor, action: 'stage.update', entityType: 'project_stage', entityId: stageId, customerId: project.userId, before, after, now });
    return toStage(after);
  });
}

/** "Mark reached now": of two requests at once, one reaches the stage and the other is refused (409). */
export async function reachStage(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, actor: AuditActor, projectId: string, stageId: string, now: Date): Promise<ProjectStage> {
  return app.db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    if (!(await repo.findStage(tx, projectId, stageId))) throw stageNotFound();
    return toStage(await reachIn(app, tx, actor, projectId, stageId, now, now));
  });
}

/**
 * Stamps the stage reached at `at` (only if it was not), dates the next stage from its days unless staff dated it,
 * e-mails the customer, and publishes the project when the stage launches it and it is not published yet.
 */
async function reachIn(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, actor: AuditActor, projectId: string, stageId: string, at: Date, now: Date) {
  const reached = await repo.stampReached(tx, stageId, at);
  if (!reached) throw conflict('STAGE_ALREADY_REACHED', 'This stage is already reached.');
  const stages = await repo.listStages(tx, projectId);
  const next = stages[stages.findIndex((stage) => stage.id === stageId) + 1];
  if (next && !next.expectedByHand && next.expectedDays !== null) {
    next.expectedAt = daysAfter(at, next.expectedDays);
    await repo.updateStage(tx, next.id, { expectedAt: next.expectedAt });
  }
  const project = (await projectsRepo.findProject(tx, projectId))!.project;
  await publishProject(tx, project);
  await recordAudit(tx, { actor, action: 'stage.reach', entityType: 'project_stage', entityId: stageId, customerId: project.userId, before: { ...reached, reachedAt: null }, after: reached, now });
  await sendStageReached(app, tx, {
    projectId,
    userId: project.userId,
    projectName: project.projectName,
    stageName: reached.name,
    reachedAt: at,
    next: next ? { name: next.name, expectedAt: next.expectedAt } : null,
  });
  if (reached.launches && project.releaseStatus !== 'PUBLISHED') await updateProjectIn(app, tx, actor, projectId, { releaseStatus: 'PUBLISHED' }, now);
  return reached;
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { projectReviews, projectStages, projectStageTemplates, projects } from './schema.ts';

export type StageRow = typeof projectStages.$inferSelect;
export type NewStageRow = typeof projectStages.$inferInsert;
export type StageChanges = Partial<Omit<NewStageRow, 'id' | 'projectId'>>;
export type StageTemplateRow = typeof projectStageTemplates.$inferSelect;

export function listStages(db: Db, projectId: string): Promise<StageRow[]> {
  return db.select().from(projectStages).where(eq(projectStages.projectId, projectId)).orderBy(asc(projectStages.position), asc(projectStages.id));
}

export async function findStage(db: Db, projectId: string, stageId: string): Promise<StageRow | undefined> {
  const [row] = await db
    .select()
    .from(projectStages)
    .where(and(eq(projectStages.id, stageId), eq(projectStages.projectId, projectId)));
  return row;
}

export async function insertStages(db: Db, rows: NewStageRow[]) {
  if (rows.length > 0) await db.insert(projectStages).values(rows);
}

export async function updateStage(db: Db, stageId: string, changes: StageChanges) {
  if (Object.keys(changes).length > 0) await db.update(projectStages).set(changes).where(eq(projectStages.id, stageId));
}

/** Stamps the stage reached only if it was not: of two requests at once, one gets the row and the other nothing. */
export async function stampReached(db: Db, stageId: string, at: Date): Promise<StageRow | undefined> {
  const [row] = await db
    .update(projectStages)
    .set({ reachedAt: at })
    .where(and(eq(projectStages.id, stageId), isNull(projectStages.reachedAt)))
    .returning();
  return row;
}

export async function deleteStage(db: Db, stageId: string) {
  await db.delete(projectStages).where(eq(projectStages.id, stageId));
}

/** Positions 0, 1, 2... in the order given, writing only the rows whose position changes. */
export async function renumberStages(db: Db, ordered: readonly Pick<StageRow, 'id' | 'position'>[]) {
  for (const [position, stage] of ordered.entries()) {
    if (stage.position !== position) await db.update(projectStages).set({ position }).where(eq(projectStages.id, stage.id));
  }
}

export function listStageTemplates(db: Db): Promise<StageTemplateRow[]> {
  return db.select().from(projectStageTemplates).orderBy(asc(projectStageTemplates.position), asc(projectStageTemplates.id));
}

/**
 * The customer's projects with a preview waiting for their decision: a preview round of a stage with no approval or
 * request for changes of the same round. Oldest preview first, one entry a project.
 */
export async function projectsAwaitingReview(db: Db, userId: string): Promise<{ projectId: string; projectName: string; stageName: string }[]> {
  const rows = await db
    .selectDistinctOn([projects.id], { projectId: projects.id, projectName: projects.projectName, stageName: projectStages.name, createdAt: projectReviews.createdAt })
    .from(projectReviews)
    .innerJoin(projects, eq(projects.id, projectReviews.projectId))
    .innerJoin(projectStages, eq(projectStages.id, projectReviews.stageId))
    .where(
      and(
        eq(projects.userId, userId),
        eq(projectReviews.kind, 'preview'),
        sql`NOT EXISTS (SELECT 1 FROM project_reviews d WHERE d.stage_id = ${projectReviews.stageId} AND d.round = ${projectReviews.round} AND d.kind <> 'preview')`,
      ),
    )
    .orderBy(projects.id, asc(projectReviews.createdAt));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map(({ projectId, projectName, stageName }) => ({ projectId, projectName, stageName }));
}

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { projectReviews, projectStages } from './schema.ts';

export type StageRow = typeof projectStages.$inferSelect;
export type ReviewRow = typeof projectReviews.$inferSelect;
export type NewReviewRow = typeof projectReviews.$inferInsert;

export function stagesOfProject(db: Db, projectId: string) {
  return db.select().from(projectStages).where(eq(projectStages.projectId, projectId)).orderBy(asc(projectStages.position), asc(projectStages.id));
}

/**
 * Every entry of the project's history in the order it was written; entries of the same instant keep round order,
 * a preview before the decision on it.
 */
export function reviewsOfProject(db: Db, projectId: string) {
  return db
    .select()
    .from(projectReviews)
    .where(eq(projectReviews.projectId, projectId))
    .orderBy(asc(projectReviews.createdAt), asc(projectReviews.round), sql`${projectReviews.kind} <> 'preview'`, asc(projectReviews.id));
}

/** One stage of this project, held until the transaction ends so that its rounds are numbered one at a time. */
export async function lockStage(db: Db, projectId: string, stageId: string): Promise<StageRow | undefined> {
  const rows = await db
    .select()
    .from(projectStages)
    .where(and(eq(projectStages.id, stageId), eq(projectStages.projectId, projectId)))
    .for('update');
  return rows[0];
}

/** The stage's latest preview round (0 when none) and the rounds already decided. */
export async function roundsOfStage(db: Db, stageId: string) {
  const rows = await db.select({ round: projectReviews.round, kind: projectReviews.kind }).from(projectReviews).where(eq(projectReviews.stageId, stageId));
  const latest = Math.max(0, ...rows.filter((r) => r.kind === 'preview').map((r) => r.round));
  const decided = new Set(rows.filter((r) => r.kind !== 'preview').map((r) => r.round));
  return { latest, decided };
}

/** The preview that opened a round (its author is told of the decision). */
export async function previewOfRound(db: Db, stageId: string, round: number): Promise<ReviewRow | undefined> {
  const rows = await db
    .select()
    .from(projectReviews)
    .where(and(eq(projectReviews.stageId, stageId), eq(projectReviews.round, round), eq(projectReviews.kind, 'preview')));
  return rows[0];
}

/**
 * Inserts an entry unless its round already has one of its kind (one preview, one decision a round: unique indexes);
 * false when another request got there first.
 */
export async function insertReview(db: Db, row: NewReviewRow): Promise<boolean> {
  const inserted = await db.insert(projectReviews).values(row).onConflictDoNothing().returning({ id: projectReviews.id });
  return inserted.length > 0;
}

/** Marks the stage approved only where it is not yet: false when it already was, whoever was first. */
export async function approveStage(db: Db, stageId: string, userId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(projectStages)
    .set({ approvedAt: now, approvedBy: userId })
    .where(and(eq(projectStages.id, stageId), isNull(projectStages.approvedAt)))
    .returning({ id: projectStages.id });
  return updated.length > 0;
}

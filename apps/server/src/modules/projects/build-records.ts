import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { importedTable } from '../../platform/db/imported-table.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { projectReviews, projectStages, projectStageTemplates, projectStoreListings } from './schema.ts';

/**
 * A project's build as stored rows, for the project export and for the content import and the migration, which
 * write these tables only through the writers here (decision 0072).
 */
export type StageRow = typeof projectStages.$inferSelect;
export type ReviewRow = typeof projectReviews.$inferSelect;
export type StoreListingRow = typeof projectStoreListings.$inferSelect;

export interface ProjectBuildRows {
  stages: StageRow[];
  reviews: ReviewRow[];
  storeListing: StoreListingRow | null;
}

/** One project's stages in order, its review entries oldest first, and its store listing. */
export async function findProjectBuild(db: Db, projectId: string): Promise<ProjectBuildRows> {
  const [stages, reviews, listings] = await Promise.all([
    db.select().from(projectStages).where(eq(projectStages.projectId, projectId)).orderBy(asc(projectStages.position), asc(projectStages.id)),
    db.select().from(projectReviews).where(eq(projectReviews.projectId, projectId)).orderBy(asc(projectReviews.createdAt), asc(projectReviews.id)),
    db.select().from(projectStoreListings).where(eq(projectStoreListings.projectId, projectId)),
  ]);
  return { stages, reviews, storeListing: listings[0] ?? null };
}

/** Which project each of these stages belongs to (the import refuses moving a stage to another project). */
export function findStageOwners(db: Db, stageIds: string[]) {
  if (!stageIds.length) return Promise.resolve([]);
  return db.select({ id: projectStages.id, projectId: projectStages.projectId }).from(projectStages).where(inArray(projectStages.id, stageIds));
}

/** The stored stages and review slots of these projects, for the import's checks. */
export async function findReviewsOfProjects(db: Db, projectIds: string[]) {
  if (!projectIds.length) return { stages: [], reviews: [] };
  const [stages, reviews] = await Promise.all([
    db.select({ id: projectStages.id, projectId: projectStages.projectId }).from(projectStages).where(inArray(projectStages.projectId, projectIds)),
    db
      .select({ id: projectReviews.id, projectId: projectReviews.projectId, stageId: projectReviews.stageId, round: projectReviews.round, kind: projectReviews.kind })
      .from(projectReviews)
      .where(inArray(projectReviews.projectId, projectIds)),
  ]);
  return { stages, reviews };
}

/** Builds in bulk: a row is written only where a compared field differs, so a re-import writes nothing. */
export const upsertProjectStages = upsertInto(projectStages, 'id');
export const upsertProjectReviews = upsertInto(projectReviews, 'id');
export const upsertStoreListings = upsertInto(projectStoreListings, 'projectId');

/** The stage templates as a content collection (ProjectStageTemplates in the export). */
export const importedStageTemplates = importedTable(projectStageTemplates, 'id');

/**
 * Gives each of these projects that has no stages yet the template stages in their order, in one statement: a project
 * staff create, and a project the migration brings (decision 0075). Each stage keeps its template's days, and the
 * first is expected that many days after the project was created (each next one is dated when the one before it is
 * reached). A published project has reached every stage up to the one that launches, at its publish time: a stage
 * before the launch cannot be unreached once the app is out, and for a migrated project the real dates are not known.
 */
export async function addTemplateStages(db: Db, projectIds: string[]): Promise<void> {
  if (!projectIds.length) return;
  await db.execute(sql`
    INSERT INTO project_stages (id, project_id, position, name, launches, expected_days, expected_at, reached_at)
    SELECT gen_random_uuid()::text, p.id, t.place, t.name, t.launches, t.expected_days,
           CASE WHEN t.place = 0 AND NOT r.reached AND t.expected_days IS NOT NULL THEN p.created_at + t.expected_days * interval '1 day' END,
           CASE WHEN r.reached THEN p.published_at END
    FROM projects p
    CROSS JOIN (SELECT *, (row_number() OVER (ORDER BY position, id) - 1)::int AS place FROM project_stage_templates) t
    CROSS JOIN (SELECT min(position) AS position FROM project_stage_templates WHERE launches) launch
    CROSS JOIN LATERAL (SELECT p.published_at IS NOT NULL AND (launch.position IS NULL OR t.position <= launch.position) AS reached) r
    WHERE p.id IN (SELECT unnest(${sql.param(projectIds)}::text[]))
      AND NOT EXISTS (SELECT 1 FROM project_stages s WHERE s.project_id = p.id)`);
}

import { fileUrl } from '@portal/contracts/uploads';
import type { ExportedProject, ProjectExport } from '@portal/contracts/project-export';
import type { Db } from '../../../platform/db/client.ts';
import {
  findProjectBuild,
  findStageOwners,
  findReviewsOfProjects,
  upsertProjectReviews,
  upsertProjectStages,
  upsertStoreListings,
  type ProjectBuildRows,
} from '../../projects/index.ts';
import type { BuildRecord } from './build-records.ts';
import { ImportRejected } from './parse.ts';

/** A project record with its build, as the import parsed it. */
interface ImportedBuild {
  projectId: string;
  path: string;
  build: BuildRecord;
}

const ms = (date: Date | null) => (date ? date.getTime() : null);

const STAGE_COLUMNS = ['projectId', 'position', 'name', 'launches', 'expectedDays', 'expectedAt', 'expectedByHand', 'reachedAt', 'approvedAt'] as const;
// Account ids (author, approver, editor) are not in the file: a re-import keeps the stored ones.
const REVIEW_COLUMNS = ['projectId', 'stageId', 'round', 'kind', 'authorRole', 'authorName', 'comment', 'link', 'attachments', 'createdAt'] as const;
const LISTING_COLUMNS = ['appName', 'shortDescription', 'fullDescription', 'keywords', 'supportUrl', 'privacyUrl', 'category', 'iconUploadId', 'screenshots'] as const;

/**
 * Writes the stages, review rounds and store listings that project records carry, after the projects themselves.
 * Everything is checked first (a stage of another project, a review of an unknown stage, two previews or two
 * decisions in one round) so that a bad file writes nothing. Returns the projects whose build changed.
 */
export async function writeProjectBuilds(tx: Db, imported: ImportedBuild[]): Promise<Set<string>> {
  const withBuild = imported.filter(({ build }) => build.stages || build.reviews || build.storeListing);
  if (!withBuild.length) return new Set();
  await checkBuilds(tx, withBuild);
  const changed = new Set<string>();
  const stages = withBuild.flatMap(({ projectId, build }) =>
    Object.entries(build.stages ?? {}).map(([id, s]) => ({
      id,
      projectId,
      position: s.order,
      name: s.name,
      launches: s.launches,
      expectedDays: s.expectedDays,
      expectedAt: s.expectedTimestamp,
      expectedByHand: s.expectedByHand,
      reachedAt: s.reachedTimestamp,
      approvedAt: s.approvedTimestamp,
    })),
  );
  const reviews = withBuild.flatMap(({ projectId, build }) =>
    Object.entries(build.reviews ?? {}).map(([id, { createdTimestamp, ...r }]) => ({ id, projectId, ...r, createdAt: createdTimestamp })),
  );
  const listings = withBuild.flatMap(({ projectId, build }) =>
    build.storeListing
      ? [{ projectId, ...build.storeListing, iconUploadId: build.storeListing.icon, updatedAt: build.storeListing.updatedTimestamp }]
      : [],
  );
  const stageProject = new Map(stages.map((s) => [s.id, s.projectId]));
  for (const id of (await upsertProjectStages(tx, stages, [...STAGE_COLUMNS])).changed) changed.add(stageProject.get(id)!);
  const reviewProject = new Map(reviews.map((r) => [r.id, r.projectId]));
  for (const id of (await upsertProjectReviews(tx, reviews, [...REVIEW_COLUMNS])).changed) changed.add(reviewProject.get(id)!);
  for (const id of (await upsertStoreListings(tx, listings, [...LISTING_COLUMNS])).changed) changed.add(id);
  return changed;
}

/** Refuses what the tables would refuse, naming the record, before anything is written. */
async function checkBuilds(tx: Db, imported: ImportedBuild[]) {
  const problems: string[] = [];
  const stageIds = imported.flatMap(({ build }) => Object.keys(build.stages ?? {}));
  const storedStageOwner = new Map((await findStageOwners(tx, stageIds)).map((s) => [s.id, s.projectId]));
  const stored = await findReviewsOfProjects(tx, imported.map((i) => i.projectId));
  for (const { projectId, path, build } of imported) {
    for (const id of Object.keys(build.stages ?? {})) {
      const owner = storedStageOwner.get(id);
      if (owner && owner !== projectId) problems.push(`${path}/stages/${id}: the stage belongs to another project`);
    }
    const ownStages = new Set([...Object.keys(build.stages ?? {}), ...stored.stages.filter((s) => s.projectId === projectId).map((s) => s.id)]);
    // The file's entries over the stored ones with the same id: one preview and one decision a round.
    const entries = new Map(stored.reviews.filter((r) => r.projectId === projectId).map((r) => [r.id, { ...r, path: null as string | null }]));
    for (const [id, r] of Object.entries(build.reviews ?? {})) {
      if (!ownStages.has(r.stageId)) problems.push(`${path}/reviews/${id}/stageId: no stage "${r.stageId}" of this project`);
      entries.set(id, { id, projectId, stageId: r.stageId, round: r.round, kind: r.kind, path: `${path}/reviews/${id}` });
    }
    const seen = new Set<string>();
    for (const entry of entries.values()) {
      const slot = `${entry.stageId}/${entry.round}/${entry.kind === 'preview' ? 'preview' : 'decision'}`;
      if (seen.has(slot) && entry.path) problems.push(`${entry.path}: round ${entry.round} of its stage already has a ${entry.kind === 'preview' ? 'preview' : 'decision'}`);
      seen.add(slot);
    }
  }
  if (problems.length) throw new ImportRejected(problems);
}

/** The build of one project as the export writes it. */
export function buildRecordOf(rows: ProjectBuildRows): Pick<ExportedProject, 'stages' | 'reviews' | 'storeListing'> {
  const listing = rows.storeListing;
  return {
    stages: Object.fromEntries(
      rows.stages.map((s) => [
        s.id,
        {
          name: s.name,
          order: s.position,
          launches: s.launches,
          expectedDays: s.expectedDays,
          expectedTimestamp: ms(s.expectedAt),
          expectedByHand: s.expectedByHand,
          reachedTimestamp: ms(s.reachedAt),
          approvedTimestamp: ms(s.approvedAt),
        },
      ]),
    ),
    reviews: Object.fromEntries(
      rows.reviews.map(({ id, projectId: _project, authorId: _author, createdAt, attachments, ...r }) => [
        id,
        { ...r, attachments: attachments.map((a) => ({ url: fileUrl(a.uploadId), kind: a.kind })), createdTimestamp: createdAt.getTime() },
      ]),
    ),
    storeListing: listing && {
      appName: listing.appName,
      shortDescription: listing.shortDescription,
      fullDescription: listing.fullDescription,
      keywords: listing.keywords,
      supportUrl: listing.supportUrl,
      privacyUrl: listing.privacyUrl,
      category: listing.category,
      icon: listing.iconUploadId && fileUrl(listing.iconUploadId),
      screenshots: Object.fromEntries(Object.entries(listing.screenshots).map(([size, ids]) => [size, ids.map(fileUrl)])),
      updatedTimestamp: listing.updatedAt.getTime(),
    },
  };
}

/** One project and its whole history as a file the import takes back (`Projects/{id}`). */
export async function exportProject(db: Db, project: Omit<ExportedProject, 'stages' | 'reviews' | 'storeListing'> & { id: string }): Promise<ProjectExport> {
  const { id, ...fields } = project;
  return { Projects: { [id]: { ...fields, ...buildRecordOf(await findProjectBuild(db, id)) } } };
}

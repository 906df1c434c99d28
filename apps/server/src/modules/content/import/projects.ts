import type { Db } from '../../../platform/db/client.ts';
import { publishChange } from '../../../platform/events/change-feed.ts';
import { upsertProjects } from '../../projects/index.ts';
import { ImportRejected, type ParsedExport } from './parse.ts';
import { writeProjectBuilds } from './project-builds.ts';
import { findSubscriptionOwners, findUsers } from './repository.ts';

/** Projects belong to existing users (by userId or userEmail) and optionally to one of their subscriptions. */
export async function writeProjects(tx: Db, records: NonNullable<ParsedExport['projects']>) {
  const ids = records.flatMap((r) => (r.value.userId ? [r.value.userId] : []));
  const emails = records.flatMap((r) => (r.value.userEmail ? [r.value.userEmail] : []));
  const owners = await findUsers(tx, ids, emails);
  const byId = new Map(owners.map((u) => [u.id, u.id]));
  const byEmail = new Map(owners.map((u) => [u.email.toLowerCase(), u.id]));
  const subscriptionIds = records.flatMap((r) => (r.value.subscriptionId ? [r.value.subscriptionId] : []));
  const subscriptionOwner = new Map(
    (await findSubscriptionOwners(tx, subscriptionIds)).map((s) => [s.id, s.userId]),
  );

  const problems: string[] = [];
  const rows = records.flatMap(({ key, path, value: p }) => {
    const userId = p.userId ? byId.get(p.userId) : byEmail.get(p.userEmail!);
    if (!userId) {
      problems.push(
        p.userId
          ? `${path}/userId: no user "${p.userId}" exists`
          : `${path}/userEmail: no user with e-mail "${p.userEmail}" exists`,
      );
      return [];
    }
    if (p.subscriptionId && subscriptionOwner.get(p.subscriptionId) !== userId) {
      problems.push(`${path}/subscriptionId: no subscription "${p.subscriptionId}" of this user exists`);
      return [];
    }
    return [projectRowOf(key, userId, p.subscriptionId, p)];
  });
  if (problems.length) throw new ImportRejected(problems);
  const result = await upsertProjects(tx, rows, [...PROJECT_COLUMNS, 'createdAt', 'lastModifiedAt']);
  // A project whose stages, reviews or listing changed is an updated project, even if its own fields did not.
  const builds = await writeProjectBuilds(tx, records.map(({ key, path, value }) => ({ projectId: key, path, build: value })));
  for (const id of builds) {
    if (result.changed.includes(id)) continue;
    result.changed.push(id);
    result.updated += 1;
    result.unchanged -= 1;
  }
  const ownerOf = new Map(rows.map((r) => [r.id, r.userId]));
  for (const id of result.changed)
    await publishChange(tx, { topic: `projects:${id}`, audience: { userId: ownerOf.get(id)! } });
  return result;
}

/** A project record as both the content import and the migration read it. */
export interface ProjectFields {
  projectName: string;
  businessName: string;
  businessLogo?: string | null;
  clientNotes?: string | null;
  releaseStatus: string;
  createdTimestamp: Date;
  lastModifiedTimestamp?: Date;
  publishedTimestamp?: Date | null;
  deliverables: {
    playStoreUrl?: string | null;
    appStoreUrl?: string | null;
    websiteUrl?: string | null;
    apkDownloadUrl?: string | null;
  };
}

/** The stored row of an imported project of `userId`. */
export function projectRowOf(
  id: string,
  userId: string,
  subscriptionId: string | null | undefined,
  p: ProjectFields,
) {
  return {
    id,
    userId,
    subscriptionId,
    projectName: p.projectName,
    businessName: p.businessName,
    businessLogo: p.businessLogo,
    clientNotes: p.clientNotes,
    releaseStatus: p.releaseStatus,
    createdAt: p.createdTimestamp,
    lastModifiedAt: p.lastModifiedTimestamp ?? p.createdTimestamp,
    publishedAt: p.publishedTimestamp ?? null,
    playStoreUrl: p.deliverables.playStoreUrl,
    appStoreUrl: p.deliverables.appStoreUrl,
    websiteUrl: p.deliverables.websiteUrl,
    apkDownloadUrl: p.deliverables.apkDownloadUrl,
  };
}

/** The columns a re-import compares (the content import compares the two times as well). */
export const PROJECT_COLUMNS = [
  'userId',
  'subscriptionId',
  'projectName',
  'businessName',
  'businessLogo',
  'clientNotes',
  'releaseStatus',
  'publishedAt',
  'playStoreUrl',
  'appStoreUrl',
  'websiteUrl',
  'apkDownloadUrl',
] as const;

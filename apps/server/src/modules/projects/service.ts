import { randomUUID } from 'node:crypto';
import type { PageQuery } from '@portal/contracts/page';
import type { Project, ProjectList, StaffProject, createProjectSchema, updateProjectSchema } from '@portal/contracts/projects';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../platform/db/client.ts';
import { pageFrom } from '../../platform/db/keyset.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { sendProjectPublished } from '../notifications/index.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import * as repo from './repository.ts';
import { addTemplateStages } from './build-records.ts';

type CreateProject = z.output<typeof createProjectSchema>;
type UpdateProject = z.output<typeof updateProjectSchema>;

const PROJECT_NOT_FOUND = 'Project not found.';
const time = (date: Date | null) => (date ? date.getTime() : null);

export const toProject = (row: repo.ProjectRow): Project => ({
  projectId: row.id,
  projectName: row.projectName,
  businessName: row.businessName,
  businessLogo: row.businessLogo,
  clientNotes: row.clientNotes,
  releaseStatus: row.releaseStatus,
  createdTimestamp: time(row.createdAt),
  lastModifiedTimestamp: time(row.lastModifiedAt),
  publishedTimestamp: time(row.publishedAt),
  deliverables: {
    playStoreUrl: row.playStoreUrl,
    appStoreUrl: row.appStoreUrl,
    websiteUrl: row.websiteUrl,
    apkDownloadUrl: row.apkDownloadUrl,
  },
});

const toStaffProject = ({ project, customer }: { project: repo.ProjectRow; customer: StaffProject['customer'] }): StaffProject => ({
  ...toProject(project),
  subscriptionId: project.subscriptionId,
  customer,
});

/** The owner's open pages of this project (list and details) refetch their ['projects', ...] queries. */
export const publishProject = (db: Db, project: { id: string; userId: string }) =>
  publishChange(db, { topic: `projects:${project.id}`, audience: { userId: project.userId } });

/** A page of the owner's projects, created newest first. */
export async function listOwnProjects(db: Db, userId: string, query: PageQuery): Promise<ProjectList> {
  const page = pageFrom(await repo.listProjectsOfUser(db, userId, query), query.limit);
  return { projects: page.rows.map(toProject), nextCursor: page.nextCursor };
}

/** Another customer's project answers 404, as a missing one does. */
export async function getOwnProject(db: Db, userId: string, projectId: string): Promise<Project> {
  const row = await repo.findProjectOfUser(db, userId, projectId);
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  return toProject(row);
}

/** Staff: a page of projects, created newest first. */
export async function listProjectsForStaff(db: Db, filter: repo.StaffProjectFilter) {
  const page = pageFrom(await repo.listAllProjects(db, filter), filter.limit);
  return { projects: page.rows.map(toStaffProject), nextCursor: page.nextCursor };
}

/** Staff: one project with its customer. */
export async function getProjectForStaff(db: Db, projectId: string): Promise<StaffProject> {
  const found = await repo.findProject(db, projectId);
  if (!found) throw notFound(PROJECT_NOT_FOUND);
  return toStaffProject(found);
}

/** The columns a create or an update writes; undefined leaves a column as it is. */
function columnsOf(input: UpdateProject): repo.ProjectChanges {
  const d = input.deliverables ?? {};
  return {
    projectName: input.projectName,
    businessName: input.businessName,
    businessLogo: input.businessLogo,
    clientNotes: input.clientNotes === undefined ? undefined : input.clientNotes || null,
    releaseStatus: input.releaseStatus,
    publishedAt: input.publishedTimestamp === undefined ? undefined : input.publishedTimestamp === null ? null : new Date(input.publishedTimestamp),
    playStoreUrl: d.playStoreUrl,
    appStoreUrl: d.appStoreUrl,
    websiteUrl: d.websiteUrl,
    apkDownloadUrl: d.apkDownloadUrl,
  };
}

export async function createProject(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, actor: AuditActor, input: CreateProject, now: Date): Promise<StaffProject> {
  const db = app.db;
  const customer = await repo.findCustomer(db, { id: input.ownerId, email: input.ownerEmail });
  if (!customer) throw badRequest('OWNER_NOT_FOUND', 'No customer has that id or e-mail.');
  if (input.subscriptionId && !(await repo.subscriptionBelongsTo(db, input.subscriptionId, customer.id))) {
    throw badRequest('SUBSCRIPTION_NOT_FOUND', "That subscription is not this customer's.");
  }
  const id = randomUUID();
  const columns = columnsOf(input);
  const row: repo.NewProjectRow = {
    ...columns,
    id,
    userId: customer.id,
    subscriptionId: input.subscriptionId ?? null,
    projectName: input.projectName,
    createdAt: now,
    lastModifiedAt: now,
    publishedAt: columns.publishedAt ?? (input.releaseStatus === 'PUBLISHED' ? now : null),
  };
  return db.transaction(async (tx) => {
    await repo.insertProject(tx, row);
    await addTemplateStages(tx, [id]);
    await publishProject(tx, { id, userId: customer.id });
    if (row.releaseStatus === 'PUBLISHED') await sendProjectPublished(app, tx, (await repo.findProject(tx, id))!.project);
    const created = toStaffProject((await repo.findProject(tx, id))!);
    await recordAudit(tx, { actor, action: 'project.create', entityType: 'project', entityId: id, customerId: customer.id, before: null, after: created, now });
    return created;
  });
}

/** Applies staff changes; becoming PUBLISHED stamps the publish time unless one is given. */
export async function updateProject(app: Pick<FastifyInstance, 'config' | 'db' | 'mail'>, actor: AuditActor, projectId: string, input: UpdateProject, now: Date): Promise<StaffProject> {
  return app.db.transaction((tx) => updateProjectIn(app, tx, actor, projectId, input, now));
}

/** `updateProject` in the caller's transaction: reaching a launch stage publishes the project this way too. */
export async function updateProjectIn(app: Pick<FastifyInstance, 'config' | 'mail'>, tx: Db, actor: AuditActor, projectId: string, input: UpdateProject, now: Date): Promise<StaffProject> {
  const found = await repo.findProject(tx, projectId, true);
  if (!found) throw notFound(PROJECT_NOT_FOUND);
  const changes = columnsOf(input);
  const becomesPublished = input.releaseStatus === 'PUBLISHED' && found.project.releaseStatus !== 'PUBLISHED';
  if (becomesPublished && changes.publishedAt === undefined) changes.publishedAt = now;
  await repo.updateProject(tx, projectId, { ...changes, lastModifiedAt: now });
  if (becomesPublished) await sendProjectPublished(app, tx, (await repo.findProject(tx, projectId))!.project);
  await publishProject(tx, found.project);
  const updated = toStaffProject((await repo.findProject(tx, projectId))!);
  const before = toStaffProject(found);
  await recordAudit(tx, { actor, action: 'project.update', entityType: 'project', entityId: projectId, customerId: found.project.userId, before, after: updated, now });
  return updated;
}

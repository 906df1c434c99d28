import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { ReleaseStatus } from '@portal/contracts/projects';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey } from '../../platform/db/keyset.ts';
import { upsertInto } from '../../platform/db/upsert.ts';
import { users } from '../../platform/auth/schema.ts';
import { subscriptions } from '../subscriptions/index.ts';
import { projects } from './schema.ts';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;
export type ProjectChanges = Partial<Omit<NewProjectRow, 'id' | 'userId' | 'createdAt'>>;

const customerColumns = { id: users.id, name: users.name, email: users.email };

/** A page of one customer's projects, created newest first (spec §9: projects always created_newest). */
export function listProjectsOfUser(db: Db, userId: string, page: PageQuery) {
  return db
    .select({ ...getTableColumns(projects), keysetKey: keysetKey(projects.createdAt) })
    .from(projects)
    .where(and(eq(projects.userId, userId), afterCursor(projects.createdAt, projects.id, page.cursor, 'desc')))
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(page.limit + 1);
}

export async function findProjectOfUser(db: Db, userId: string, projectId: string): Promise<ProjectRow | undefined> {
  const rows = await db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.userId, userId)));
  return rows[0];
}

export interface StaffProjectFilter extends PageQuery {
  ownerId?: string;
  releaseStatus?: ReleaseStatus;
}

/** Staff: a page of every project (or one customer's, or of one release status) with its customer, newest first. */
export function listAllProjects(db: Db, filter: StaffProjectFilter) {
  const where = and(
    filter.ownerId ? eq(projects.userId, filter.ownerId) : undefined,
    filter.releaseStatus ? eq(projects.releaseStatus, filter.releaseStatus) : undefined,
    afterCursor(projects.createdAt, projects.id, filter.cursor, 'desc'),
  );
  return db
    .select({ project: projects, customer: customerColumns, id: projects.id, keysetKey: keysetKey(projects.createdAt) })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(filter.limit + 1);
}

/** Staff: one project with its customer; `lock` holds it for an update. */
export async function findProject(db: Db, projectId: string, lock = false) {
  const query = db
    .select({ project: projects, customer: customerColumns })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.userId))
    .where(eq(projects.id, projectId));
  const rows = lock ? await query.for('update', { of: projects }) : await query;
  return rows[0];
}

export async function insertProject(db: Db, row: NewProjectRow) {
  await db.insert(projects).values(row);
}

export async function updateProject(db: Db, projectId: string, changes: ProjectChanges) {
  await db.update(projects).set(changes).where(eq(projects.id, projectId));
}

export async function findCustomer(db: Db, owner: { id?: string; email?: string }) {
  const where = owner.id ? eq(users.id, owner.id) : eq(sql`lower(${users.email})`, (owner.email ?? '').toLowerCase());
  const rows = await db.select(customerColumns).from(users).where(where);
  return rows[0];
}

export async function subscriptionBelongsTo(db: Db, subscriptionId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.userId, userId)));
  return rows.length > 0;
}

/** Projects in bulk (the migration and the content import): a row is written only where a compared field differs. */
export const upsertProjects = upsertInto(projects, 'id');

import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import { auditActionGroups, type AuditAction, type AuditActionGroup } from '@portal/contracts/audit';
import type { AuditEntry } from '@portal/contracts/staff';
import type { Db } from '../../platform/db/client.ts';
import { afterCursor, keysetKey, pageFrom } from '../../platform/db/keyset.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { auditLog } from './schema.ts';

/** The staff member who made a change. */
export interface AuditActor {
  id: string;
  name: string;
}

export interface AuditRecord {
  actor: AuditActor;
  /** What was done, e.g. `chat.reply`, `project.update`, `step.update`: one of the kinds the console has words for. */
  action: AuditAction;
  entityType: string;
  entityId: string;
  /** The customer the change concerns (its audit list shows it). */
  customerId: string | null;
  before: unknown;
  after: unknown;
  now: Date;
}

/** JSON as stored: dates become epoch milliseconds, undefined fields vanish. */
const toJson = (value: unknown): unknown =>
  value === undefined || value === null
    ? null
    : JSON.parse(JSON.stringify(value, (_key, v: unknown) => (v instanceof Date ? v.getTime() : v)));

/**
 * Records a staff write. Call it with the transaction that makes the change, so that the change and its record
 * commit (or roll back) together. Staff pages showing the customer's audit list refetch.
 */
export async function recordAudit(tx: Db, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    id: randomUUID(),
    actorId: record.actor.id,
    actorName: record.actor.name,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    customerId: record.customerId,
    before: toJson(record.before),
    after: toJson(record.after),
    createdAt: record.now,
  });
  if (record.customerId) await publishChange(tx, { topic: `audit:${record.customerId}`, audience: { staff: true } });
}

/** Which entries a page reads: one customer's (their page), or the audit page's filters; each part optional. */
export interface AuditFilter {
  customerId?: string;
  actorId?: string;
  group?: AuditActionGroup;
  /** From this instant, up to but not including `to` (epoch milliseconds). */
  from?: number;
  to?: number;
}

function whereOf(filter: AuditFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.customerId !== undefined) where.push(eq(auditLog.customerId, filter.customerId));
  if (filter.actorId !== undefined) where.push(eq(auditLog.actorId, filter.actorId));
  if (filter.group !== undefined) {
    const actions: readonly string[] = auditActionGroups[filter.group];
    where.push(actions.length ? inArray(auditLog.action, actions) : sql`false`);
  }
  if (filter.from !== undefined) where.push(gte(auditLog.createdAt, new Date(filter.from)));
  if (filter.to !== undefined) where.push(lt(auditLog.createdAt, new Date(filter.to)));
  return where;
}

/**
 * A page of audit entries, newest first (by insertion order), as filtered: served by the (customer | actor | action,
 * position) indexes, or by position alone for the whole log (0330_staff_roles.sql).
 */
export async function listAudit(db: Db, filter: AuditFilter, query: PageQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const rows = await db
    .select({ ...getTableColumns(auditLog), keysetKey: keysetKey(auditLog.position, 'integer') })
    .from(auditLog)
    .where(and(...whereOf(filter), afterCursor(auditLog.position, auditLog.id, query.cursor, 'desc', 'integer')))
    .orderBy(desc(auditLog.position), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = pageFrom(rows, query.limit);
  return {
    entries: page.rows.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      actorName: row.actorName,
      customerId: row.customerId,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before ?? null,
      after: row.after ?? null,
      createdTimestamp: row.createdAt.getTime(),
    })),
    nextCursor: page.nextCursor,
  };
}

import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { AuditEntry } from '@portal/contracts/staff';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { auditLog } from './schema.ts';

/** The staff member who made a change. */
export interface AuditActor {
  id: string;
  name: string;
}

export interface AuditRecord {
  actor: AuditActor;
  /** What was done, e.g. `chat.reply`, `project.update`, `step.update`. */
  action: string;
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

/** A customer's audit entries, newest first (by insertion order), a page at a time. */
export async function listAuditForCustomer(
  db: Db,
  customerId: string,
  page: { page: number; pageSize: number },
): Promise<{ entries: AuditEntry[]; total: number }> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.customerId, customerId))
    .orderBy(desc(auditLog.position))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(eq(auditLog.customerId, customerId));
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorName: row.actorName,
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      before: row.before ?? null,
      after: row.after ?? null,
      createdTimestamp: row.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
  };
}

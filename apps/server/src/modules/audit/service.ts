import { randomUUID } from 'node:crypto';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import type { PageQuery } from '@portal/contracts/page';
import type { AuditAction } from '@portal/contracts/audit';
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

/** A page of a customer's audit entries, newest first (by insertion order). */
export async function listAuditForCustomer(db: Db, customerId: string, query: PageQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
  const rows = await db
    .select({ ...getTableColumns(auditLog), keysetKey: keysetKey(auditLog.position, 'integer') })
    .from(auditLog)
    .where(and(eq(auditLog.customerId, customerId), afterCursor(auditLog.position, auditLog.id, query.cursor, 'desc', 'integer')))
    .orderBy(desc(auditLog.position), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = pageFrom(rows, query.limit);
  return {
    entries: page.rows.map((row) => ({
      id: row.id,
      actorName: row.actorName,
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

import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';

/** Every staff write: who, what, when, and the record before and after (migration 0080). */
export const auditLog = pgTable('audit_log', {
  id: text('id').primaryKey(),
  position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
  actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
  actorName: text('actor_name').notNull(),
  action: text('action').notNull(),
  entityType: text('entity_type').notNull(),
  entityId: text('entity_id').notNull(),
  customerId: text('customer_id').references(() => users.id, { onDelete: 'cascade' }),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Spec §3 AccountDeletionRequest. */
export const accountDeletionRequests = pgTable('account_deletion_requests', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  reason: text('reason'),
  status: text('status').notNull().default('pending'),
  requestedAt: stamp('requested_at').notNull().defaultNow(),
  userId: text('user_id').notNull(),
  // 0105_notifications.sql: 'unconfirmed' until the mailed link is followed.
  confirmTokenHash: text('confirm_token_hash'),
  confirmExpiresAt: stamp('confirm_expires_at'),
  confirmedAt: stamp('confirmed_at'),
  // 0130_deletion_outcomes.sql
  outcome: text('outcome', { enum: ['erased', 'no-account', 'refused'] }),
  refusalReason: text('refusal_reason'),
  decidedAt: stamp('decided_at'),
  decidedById: text('decided_by_id'),
  decidedByName: text('decided_by_name'),
});

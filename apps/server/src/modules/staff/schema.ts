import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** 0170_staff_invitations.sql: one-time links that make the invited address staff. Only the token's hash is kept. */
export const staffInvitations = pgTable('staff_invitations', {
  id: text('id').primaryKey(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedById: text('invited_by_id').references(() => users.id, { onDelete: 'set null' }),
  invitedByName: text('invited_by_name').notNull(),
  /** The role the address gets (0330_staff_roles.sql). */
  role: text('role', { enum: ['agent', 'admin'] }).notNull(),
  createdAt: stamp('created_at').notNull(),
  expiresAt: stamp('expires_at').notNull(),
  usedAt: stamp('used_at'),
  usedById: text('used_by_id').references(() => users.id, { onDelete: 'set null' }),
});
export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

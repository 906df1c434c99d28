import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const uploads = pgTable('uploads', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').notNull(),
  targetId: text('target_id').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: stamp('created_at').notNull().defaultNow(),
  completedAt: stamp('completed_at'),
});

export type UploadRow = typeof uploads.$inferSelect;

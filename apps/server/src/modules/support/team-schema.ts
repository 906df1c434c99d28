import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';
import { supportChats } from './schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Private notes: a table apart from support_messages, which is all a customer's reads ever touch (decision 0060). */
export const supportNotes = pgTable('support_notes', {
  id: text('id').primaryKey(),
  position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
  chatId: text('chat_id')
    .notNull()
    .references(() => supportChats.id, { onDelete: 'cascade' }),
  authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
  textNote: text('text_note').notNull(),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

export const savedReplies = pgTable('saved_replies', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/** Which inbox alerts a staff member wants (no row: all of them). */
export const staffAlertPreferences = pgTable('staff_alert_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tabTitleCount: boolean('tab_title_count').notNull().default(true),
  browserNotifications: boolean('browser_notifications').notNull().default(true),
  unansweredEmail: boolean('unanswered_email').notNull().default(true),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

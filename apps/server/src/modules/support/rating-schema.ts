import { pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';
import { supportChats } from './schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A customer's rating of one closing of a chat (migration 0361). */
export const chatRatings = pgTable(
  'chat_ratings',
  {
    chatId: text('chat_id')
      .notNull()
      .references(() => supportChats.id, { onDelete: 'cascade' }),
    closedAt: stamp('closed_at').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chatId, table.closedAt] })],
);

import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const supportChats = pgTable('support_chats', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['OPEN', 'CLOSED'] }).notNull().default('OPEN'),
  createdAt: stamp('created_at').notNull().defaultNow(),
  lastActivityAt: stamp('last_activity_at').notNull().defaultNow(),
  lastMessageType: text('last_message_type', { enum: ['text', 'image', 'video', 'document'] }).notNull().default('text'),
  lastMessageText: text('last_message_text'),
  lastMessengerType: text('last_messenger_type', { enum: ['user', 'support'] }).notNull().default('user'),
  supportReadAt: stamp('support_read_at'),
  unreadForSupport: integer('unread_for_support').notNull().default(0),
  /** 0350: the staff member working on the chat (team-inbox.ts). */
  assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
  /** When the chat was last closed: names the closing a rating is for. */
  closedAt: stamp('closed_at'),
});

export const supportMessages = pgTable('support_messages', {
  id: text('id').primaryKey(),
  position: bigint('position', { mode: 'number' }).generatedAlwaysAsIdentity(),
  chatId: text('chat_id')
    .notNull()
    .references(() => supportChats.id, { onDelete: 'cascade' }),
  senderId: text('sender_id').references(() => users.id, { onDelete: 'set null' }),
  messengerType: text('messenger_type', { enum: ['user', 'support'] }).notNull(),
  messageType: text('message_type', { enum: ['text', 'image', 'video', 'document'] }).notNull(),
  textMessage: text('text_message'),
  uploadId: text('upload_id'),
  sentAt: stamp('sent_at').notNull().defaultNow(),
});

export type ChatRow = typeof supportChats.$inferSelect;
export type MessageRow = typeof supportMessages.$inferSelect;

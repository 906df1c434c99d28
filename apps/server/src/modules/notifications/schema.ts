import { boolean, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';
import { supportChats } from '../support/index.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Which non-essential e-mails a customer wants (no row: all of them). Receipts and security mail are not here. */
export const mailPreferences = pgTable('mail_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  supportReplies: boolean('support_replies').notNull().default(true),
  projectUpdates: boolean('project_updates').notNull().default(true),
  /** 0321: the e-mail some days before each renewal. */
  renewalReminders: boolean('renewal_reminders').notNull().default(true),
  /** 0441: a project's new preview, a copy of the customer's decision, a stage reached. */
  projectPreviews: boolean('project_previews').notNull().default(true),
  projectDecisions: boolean('project_decisions').notNull().default(true),
  projectStages: boolean('project_stages').notNull().default(true),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
});

/** Per chat: when the customer last had a page of it open, and which staff replies a mail already covered. */
export const chatMailState = pgTable('chat_mail_state', {
  chatId: text('chat_id').primaryKey(),
  customerSeenAt: stamp('customer_seen_at'),
  notifiedThrough: stamp('notified_through'),
});

/** One "card expiring" mail per card, subscription and renewal date. */
export const cardExpiryNotices = pgTable(
  'card_expiry_notices',
  {
    cardId: text('card_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    dueDate: stamp('due_date').notNull(),
    sentAt: stamp('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.subscriptionId, t.dueDate] })],
);

/** One renewal reminder per subscription and due date (0321): the key that makes a second sweep a no-op. */
export const renewalReminders = pgTable(
  'renewal_reminders',
  {
    subscriptionId: text('subscription_id').notNull(),
    dueDate: stamp('due_date').notNull(),
    sentAt: stamp('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.dueDate] })],
);

/** One notice and one reminder per price change and subscription (0370): the key that makes a second sweep a no-op. */
export const priceChangeNotices = pgTable(
  'price_change_notices',
  {
    changeId: text('change_id').notNull(),
    subscriptionId: text('subscription_id').notNull(),
    kind: text('kind', { enum: ['notice', 'reminder'] }).notNull(),
    sentAt: stamp('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.changeId, t.subscriptionId, t.kind] })],
);

/** Per chat: the customer messages up to `mailedThrough` are covered by an "unanswered chat" mail. */
export const chatUnansweredMailState = pgTable('chat_unanswered_mail_state', {
  chatId: text('chat_id')
    .primaryKey()
    .references(() => supportChats.id, { onDelete: 'cascade' }),
  mailedThrough: stamp('mailed_through').notNull(),
});

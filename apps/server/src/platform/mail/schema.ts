import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey(),
  messageId: text('message_id').notNull(),
  kind: text('kind').notNull(),
  userId: text('user_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  textBody: text('text_body').notNull(),
  attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
  status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: stamp('next_attempt_at').notNull().defaultNow(),
  leaseUntil: stamp('lease_until'),
  lastError: text('last_error'),
  createdAt: stamp('created_at').notNull().defaultNow(),
  sentAt: stamp('sent_at'),
});
export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface CaughtAttachment extends MailAttachment {
  size: number;
}

export const mailboxMessages = pgTable('mailbox_messages', {
  id: uuid('id').primaryKey(),
  receivedAt: stamp('received_at').notNull().defaultNow(),
  envelopeFrom: text('envelope_from'),
  envelopeTo: jsonb('envelope_to').$type<string[]>().notNull().default([]),
  messageId: text('message_id'),
  subject: text('subject').notNull().default(''),
  fromHeader: text('from_header').notNull().default(''),
  toHeader: text('to_header').notNull().default(''),
  html: text('html'),
  textBody: text('text_body'),
  attachments: jsonb('attachments').$type<CaughtAttachment[]>().notNull().default([]),
  rawSize: integer('raw_size').notNull(),
});
export type CaughtMessage = typeof mailboxMessages.$inferSelect;

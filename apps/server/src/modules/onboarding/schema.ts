import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnswerInput, FormAnswer } from '@portal/contracts/onboarding';
import { users } from '../../platform/auth/schema.ts';
import { subscriptions } from '../subscriptions/index.ts';

/** The questionnaire's answers of a subscription: one row per subscription, its owner's. */
const perSubscription = {
  subscriptionId: text('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
};

export const formSubmissions = pgTable('form_submissions', {
  ...perSubscription,
  submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull(),
  answers: jsonb('answers').$type<FormAnswer[]>().notNull(),
});
export type FormSubmissionRow = typeof formSubmissions.$inferSelect;

/** Answers entered and not sent yet (issue 28): one draft per subscription, kept until the questionnaire is sent. */
export const questionnaireDrafts = pgTable('questionnaire_drafts', {
  ...perSubscription,
  savedAt: timestamp('saved_at', { withTimezone: true, mode: 'date' }).notNull(),
  answers: jsonb('answers').$type<AnswerInput[]>().notNull(),
});
export type QuestionnaireDraftRow = typeof questionnaireDrafts.$inferSelect;

export interface FormItemOption {
  id: string;
  text: string;
}

/** The questionnaire's questions, edited by staff (question-editor.ts). */
export const formItems = pgTable('form_items', {
  id: text('id').primaryKey(),
  prompt: text('prompt').notNull(),
  type: text('type').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  isRequired: boolean('is_required').notNull().default(false),
  options: jsonb('options').$type<FormItemOption[]>().notNull().default([]),
  maxImages: integer('max_images'),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

/** The dashboard's banners, edited by staff (banner-editor.ts). */
export const featuredBanners = pgTable('featured_banners', {
  id: text('id').primaryKey(),
  imageUrl: text('image_url').notNull(),
  linkUrl: text('link_url'),
  title: text('title'),
  subtitle: text('subtitle'),
  timeCreated: timestamp('time_created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

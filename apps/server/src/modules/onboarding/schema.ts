import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

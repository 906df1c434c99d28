import { boolean, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../platform/auth/schema.ts';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const subscriptions = pgTable('subscriptions', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  serviceId: text('service_id').notNull(),
  serviceTitle: text('service_title').notNull(),
  price: text('price').notNull(),
  amount: integer('amount').notNull(),
  recurring: text('recurring').notNull(),
  startDate: stamp('start_date').notNull(),
  dueDate: stamp('due_date').notNull(),
  cardId: text('card_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
  // 0020_billing.sql
  cancelledAt: stamp('cancelled_at'),
  renewalFailures: integer('renewal_failures').notNull().default(0),
  nextRenewalAttemptAt: stamp('next_renewal_attempt_at'),
  // 0110_billing_selfserve.sql: a downgrade waiting for the due date, and the last renewal failure's reason.
  pendingServiceId: text('pending_service_id'),
  pendingServiceTitle: text('pending_service_title'),
  pendingPrice: text('pending_price'),
  pendingAmount: integer('pending_amount'),
  pendingRecurring: text('pending_recurring'),
  renewalFailureReason: text('renewal_failure_reason'),
  cancelReason: text('cancel_reason'),
  cancelComment: text('cancel_comment'),
  /** 0320: the day of month (UTC) each due date falls on, or the month's last day when shorter (periods.ts). */
  billingAnchorDay: smallint('billing_anchor_day').notNull(),
});
export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** A subscription's setup steps (spec §3 CompletionSteps), copied from the templates when it is created. */
export const completionSteps = pgTable('completion_steps', {
  id: text('id').primaryKey(),
  subscriptionId: text('subscription_id')
    .notNull()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  stepIndex: integer('step_index').notNull(),
  stepDetails: text('step_details').notNull(),
  stepStatus: text('step_status').notNull().default('pending'),
  completedAt: stamp('completed_at'),
  /** The portal place the step names (contracts STEP_PLACES), copied from its template (0260). */
  place: text('place'),
});

/** The setup steps every new subscription starts with (written by the content import). */
export const completionStepTemplates = pgTable('completion_step_templates', {
  id: text('id').primaryKey(),
  stepIndex: integer('step_index').notNull(),
  stepDetails: text('step_details').notNull(),
  place: text('place'),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

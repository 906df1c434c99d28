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
  /** 0380: PAUSED since, and when it resumes by itself (decision 0063). */
  pausedAt: stamp('paused_at'),
  resumesAt: stamp('resumes_at'),
  /** 0380: an accepted retention offer: percentage off, and how many coming renewals it still lowers. */
  offerPercentOff: smallint('offer_percent_off'),
  offerRenewalsLeft: smallint('offer_renewals_left').notNull().default(0),
  /** 0370: a lasting promo code's discount on renewals, until discountEndsAt (null: for good; decision 0062). */
  discountCode: text('discount_code'),
  discountType: text('discount_type', { enum: ['percent', 'amount'] }),
  discountValue: integer('discount_value'),
  discountEndsAt: stamp('discount_ends_at'),
  /** 0370: the plan's announced price, from the first renewal on or after comingEffectiveAt (set with its notice). */
  comingPriceChangeId: text('coming_price_change_id'),
  comingAmount: integer('coming_amount'),
  comingPrice: text('coming_price'),
  comingEffectiveAt: stamp('coming_effective_at'),
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

/** The one retention offer staff define (0380: a single row, id 1). */
export const retentionOffer = pgTable('retention_offer', {
  id: smallint('id').primaryKey().default(1),
  percentOff: smallint('percent_off').notNull(),
  renewals: smallint('renewals').notNull(),
  active: boolean('active').notNull(),
  updatedAt: stamp('updated_at').notNull(),
});

/** The offer as shown to one subscription (at most once), and when it was accepted. */
export const retentionOfferOutcomes = pgTable('retention_offer_outcomes', {
  subscriptionId: text('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  percentOff: smallint('percent_off').notNull(),
  renewals: smallint('renewals').notNull(),
  shownAt: stamp('shown_at').notNull(),
  acceptedAt: stamp('accepted_at'),
});

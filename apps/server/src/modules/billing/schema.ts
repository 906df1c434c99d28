import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DisputeState, PromoResult } from '@portal/contracts/billing';
import type { ReceiptTax } from '@portal/contracts/receipt';
import { users } from '../../platform/auth/schema.ts';
import { subscriptions } from '../subscriptions/index.ts';

/** Who sold and who bought, and the tax included, as a receipt was issued; buyer null without a billing profile. */
export interface ReceiptDetails {
  seller: { legalName: string; address: string; taxId: string };
  buyer: { businessName: string; address: string | null; taxId: string | null } | null;
  tax: ReceiptTax | null;
}

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The user's Square customer, made once, and their default card. */
export const billingCustomers = pgTable('billing_customers', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  squareCustomerId: text('square_customer_id').notNull(),
  defaultCardId: text('default_card_id'),
  defaultCardSetAt: stamp('default_card_set_at'),
  createdAt: stamp('created_at').notNull().defaultNow(),
});

export const cards = pgTable('cards', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The card token while PendingSquareCreation, Square's card id once Complete. */
  squareCardId: text('square_card_id').notNull(),
  customerId: text('customer_id'),
  status: text('status', { enum: ['PendingSquareCreation', 'Complete', 'Error'] }).notNull(),
  brand: text('brand'),
  last4: text('last4'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  failureReason: text('failure_reason'),
  leaseUntil: stamp('lease_until'),
  createdAt: stamp('created_at').notNull(),
  updatedAt: stamp('updated_at').notNull(),
});
export type CardRow = typeof cards.$inferSelect;

export const payments = pgTable('payments', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  idempotencyKey: text('idempotency_key').notNull(),
  requestHash: text('request_hash').notNull(),
  status: text('status', { enum: ['Pending', 'Complete', 'Failed'] }).notNull(),
  purchaseType: text('purchase_type', { enum: ['New Subscription', 'Reactivation', 'Renewal', 'Plan Change'] }).notNull(),
  serviceId: text('service_id').notNull(),
  serviceTitle: text('service_title').notNull(),
  price: text('price').notNull(),
  recurring: text('recurring').notNull(),
  subtotal: integer('subtotal').notNull(),
  discount: integer('discount').notNull().default(0),
  amount: integer('amount').notNull(),
  promoCode: text('promo_code'),
  appliedDeal: jsonb('applied_deal').$type<PromoResult>(),
  cardId: text('card_id'),
  cardSquareId: text('card_square_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  customerId: text('customer_id'),
  customerName: text('customer_name'),
  customerEmail: text('customer_email'),
  subscriptionId: text('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
  renewalPeriod: stamp('renewal_period'),
  attempt: integer('attempt').notNull().default(1),
  /** Plan changes: the due date the upgrade charge covers up to. */
  periodEnd: stamp('period_end'),
  /** Plan changes: the new plan's price per period in cents (subtotal/amount are the prorated charge). */
  planAmount: integer('plan_amount'),
  /** Given when the payment completes (sequential, never reused). */
  receiptNumber: integer('receipt_number'),
  /** The seller, buyer and tax the receipt was issued with, kept when the payment completes (decision 0064). */
  receiptDetails: jsonb('receipt_details').$type<ReceiptDetails>(),
  squarePaymentId: text('square_payment_id'),
  failureReason: text('failure_reason'),
  leaseUntil: stamp('lease_until'),
  createdAt: stamp('created_at').notNull(),
  updatedAt: stamp('updated_at').notNull(),
});
export type PaymentRow = typeof payments.$inferSelect;
export type NewPaymentRow = typeof payments.$inferInsert;

/** The customer's billing profile: the business their receipts are made out to (every field optional). */
export const billingProfiles = pgTable('billing_profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessName: text('business_name'),
  address: text('address'),
  taxId: text('tax_id'),
  updatedAt: stamp('updated_at').notNull(),
});
export type BillingProfileRow = typeof billingProfiles.$inferSelect;

export const billingCounters = pgTable('billing_counters', {
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});

/** A completed payment whose receipt mail is still to be queued (queued after the payment commits, decision 0074). */
export const receiptMailsDue = pgTable('receipt_mails_due', {
  paymentId: text('payment_id')
    .primaryKey()
    .references(() => payments.id, { onDelete: 'cascade' }),
  dueAt: stamp('due_at').notNull(),
});

export const refunds = pgTable('refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['Pending', 'Complete', 'Failed'] }).notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  squareRefundId: text('square_refund_id'),
  failureReason: text('failure_reason'),
  staffId: text('staff_id'),
  /** portal: made by staff here; square: made in Square's Dashboard, learnt from its webhook. */
  origin: text('origin', { enum: ['portal', 'square'] }).notNull().default('portal'),
  createdAt: stamp('created_at').notNull(),
  updatedAt: stamp('updated_at').notNull(),
});
export type RefundRow = typeof refunds.$inferSelect;

/** Square's webhook events received, each once (decision 0056). */
export const squareWebhookEvents = pgTable('square_webhook_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  outcome: text('outcome', { enum: ['applied', 'ignored'] }).notNull(),
  paymentId: text('payment_id'),
  receivedAt: stamp('received_at').notNull(),
});

export const paymentDisputes = pgTable('payment_disputes', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  userId: text('user_id').notNull(),
  state: text('state').$type<DisputeState>().notNull(),
  reason: text('reason').notNull(),
  amount: integer('amount').notNull(),
  dueAt: stamp('due_at'),
  version: integer('version').notNull(),
  createdAt: stamp('created_at').notNull(),
  updatedAt: stamp('updated_at').notNull(),
});
export type PaymentDisputeRow = typeof paymentDisputes.$inferSelect;

/** A promo code checkout redeems (promo.ts) and staff edit (promo-editor.ts); the content import brings them too. */
export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  type: text('type', { enum: ['percent', 'amount'] }).notNull(),
  value: integer('value').notNull(),
  active: boolean('active').notNull().default(true),
  expiresAt: stamp('expires_at'),
  serviceIds: text('service_ids').array(),
  maxRedemptions: integer('max_redemptions'),
  redemptions: integer('redemptions').notNull().default(0),
  /** 0370: how long the discount lasts (decision 0062): the first payment, N months from it, or for good. */
  duration: text('duration', { enum: ['once', 'months', 'forever'] }).notNull().default('once'),
  durationMonths: integer('duration_months'),
  /** 0370: how many purchases one customer may make with it; null: no limit. */
  maxPerCustomer: integer('max_per_customer'),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

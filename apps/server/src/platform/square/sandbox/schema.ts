import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Card tokens the sandbox's tokenizer issued, with the test outcome their card values carry. */
export const sandboxNonces = pgTable('square_sandbox_nonces', {
  nonce: text('nonce').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  bin: text('bin').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  outcome: text('outcome').notNull(),
  createdAt: stamp('created_at').notNull(),
  usedAt: stamp('used_at'),
});

export const sandboxCustomers = pgTable('square_sandbox_customers', {
  id: text('id').primaryKey(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
});

export const sandboxCards = pgTable('square_sandbox_cards', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
});

export const sandboxPayments = pgTable('square_sandbox_payments', {
  id: text('id').primaryKey(),
  referenceId: text('reference_id'),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  createdAt: stamp('created_at').notNull(),
});

export const sandboxIdempotency = pgTable(
  'square_sandbox_idempotency',
  {
    endpoint: text('endpoint').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.endpoint, t.idempotencyKey] })],
);

export const sandboxRefunds = pgTable('square_sandbox_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  createdAt: stamp('created_at').notNull(),
});

export const sandboxDisputes = pgTable('square_sandbox_disputes', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  createdAt: stamp('created_at').notNull(),
});

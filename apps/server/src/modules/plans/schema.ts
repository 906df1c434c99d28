import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Plans (spec §3 Services), written by the content import. */
export const services = pgTable('services', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  price: text('price').notNull(),
  amount: integer('amount').notNull(),
  recurring: text('recurring').notNull().default('month'),
  description: text('description'),
  visibility: text('visibility').notNull().default('visible'),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: stamp('created_at').notNull().defaultNow(),
  updatedAt: stamp('updated_at').notNull().defaultNow(),
  /** Imported as the demo content at first start (migration 0160). */
  demo: boolean('demo').notNull().default(false),
});

/** A plan's price change announced ahead (0370, decision 0062); at most one waits per plan. */
export const planPriceChanges = pgTable('plan_price_changes', {
  id: text('id').primaryKey(),
  serviceId: text('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  price: text('price').notNull(),
  previousAmount: integer('previous_amount').notNull(),
  effectiveAt: stamp('effective_at').notNull(),
  createdAt: stamp('created_at').notNull(),
  createdBy: text('created_by'),
  /** When the plan's own price (what new buyers pay) was set to it. */
  appliedAt: stamp('applied_at'),
});
export type PriceChangeRow = typeof planPriceChanges.$inferSelect;

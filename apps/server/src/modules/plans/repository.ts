import { and, asc, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { importedTable } from '../../platform/db/imported-table.ts';
import { subscriptions } from '../subscriptions/index.ts';
import { services } from './schema.ts';

const VISIBLE = 'visible';

const planColumns = {
  id: services.id,
  title: services.title,
  price: services.price,
  amount: services.amount,
  recurring: services.recurring,
  description: services.description,
};

/** Plans customers may choose (spec §9: only visibility "visible"), in the order staff set, then by title. */
export function listVisiblePlans(db: Db) {
  return db
    .select(planColumns)
    .from(services)
    .where(eq(services.visibility, VISIBLE))
    .orderBy(asc(services.sortOrder), asc(services.title));
}

/** The cheapest of the given plans, or of the plans on pricing when none are given; undefined when there is none. */
export async function cheapestPlan(db: Db, ids: string[] | null) {
  const [plan] = await db
    .select({ title: services.title, amount: services.amount })
    .from(services)
    .where(ids ? inArray(services.id, ids) : eq(services.visibility, VISIBLE))
    .orderBy(asc(services.amount))
    .limit(1);
  return plan;
}

/**
 * A plan by id: one on pricing, or, for a signed-in customer, a plan they hold a subscription to even after it
 * left pricing (they may reactivate what they bought).
 */
export async function findPlanFor(db: Db, id: string, userId: string | null) {
  const held = userId
    ? exists(
        db
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, userId), eq(subscriptions.serviceId, services.id))),
      )
    : undefined;
  const rows = await db
    .select(planColumns)
    .from(services)
    .where(and(eq(services.id, id), held ? or(eq(services.visibility, VISIBLE), held) : eq(services.visibility, VISIBLE)))
    .limit(1);
  return rows[0] ?? null;
}

/** What a purchase copies from the plan (spec §3 Services); amounts in cents. */
export interface PricedPlan {
  id: string;
  title: string;
  price: string;
  amount: number;
  recurring: string;
}

/** Any plan, also one no longer shown on pricing (reactivating an existing subscription). */
export async function findPlan(db: Db, id: string): Promise<(PricedPlan & { visibility: string }) | undefined> {
  const [row] = await db
    .select({ id: services.id, title: services.title, price: services.price, amount: services.amount, recurring: services.recurring, visibility: services.visibility })
    .from(services)
    .where(eq(services.id, id));
  return row;
}

/** A plan offered for sale (visible on pricing), or undefined. */
export async function findPlanForSale(db: Db, id: string): Promise<PricedPlan | undefined> {
  const plan = await findPlan(db, id);
  return plan && plan.visibility === VISIBLE ? plan : undefined;
}

/** The plans among `ids` that exist. */
export async function existingServiceIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.select({ id: services.id }).from(services).where(inArray(services.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** Hides the plans among `ids` not hidden yet (an import's plan that subscriptions still use); how many it hid. */
export async function hidePlans(db: Db, ids: string[]): Promise<number> {
  const hidden = await db
    .update(services)
    .set({ visibility: 'hidden', updatedAt: sql`now()` })
    .where(and(inArray(services.id, ids), ne(services.visibility, 'hidden')))
    .returning({ id: services.id });
  return hidden.length;
}

/** The plans among `ids` that a subscription uses, as its plan or as the plan it changes to. */
async function plansInUse(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db
    .select({ serviceId: subscriptions.serviceId, pending: subscriptions.pendingServiceId })
    .from(subscriptions)
    .where(or(inArray(subscriptions.serviceId, ids), inArray(subscriptions.pendingServiceId, ids)));
  const wanted = new Set(ids);
  return new Set(rows.flatMap((r) => [r.serviceId, r.pending ?? '']).filter((id) => wanted.has(id)));
}

/** The content importer's writer of plans: a plan that subscriptions use is hidden instead of removed. */
export const importedPlans = importedTable(services, 'id', { inUse: plansInUse, hide: hidePlans });

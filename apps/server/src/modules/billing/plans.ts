import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { services } from '../content/schema.ts';

/** What a purchase copies from the plan (spec §3 Services); amounts in cents. */
export interface PricedPlan {
  id: string;
  title: string;
  price: string;
  amount: number;
  recurring: string;
}

/** A plan offered for sale (visible on pricing), or undefined. */
export async function findPlanForSale(db: Db, id: string): Promise<PricedPlan | undefined> {
  const plan = await findPlan(db, id);
  return plan && plan.visibility === 'visible' ? plan : undefined;
}

/** Any plan, also one no longer shown on pricing (reactivating an existing subscription). */
export async function findPlan(db: Db, id: string): Promise<(PricedPlan & { visibility: string }) | undefined> {
  const [row] = await db
    .select({ id: services.id, title: services.title, price: services.price, amount: services.amount, recurring: services.recurring, visibility: services.visibility })
    .from(services)
    .where(eq(services.id, id));
  return row;
}

import { randomUUID } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { PlanInput, StaffPlan } from '@portal/contracts/plans';
import { topics } from '@portal/contracts/topics';
import type { SessionUser } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { moveOnePlace, type Direction } from '../../platform/db/reorder.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { subscriptions } from '../subscriptions/index.ts';
import { toPriceChange, waitingPriceChanges } from './price-changes.ts';
import { services, type PriceChangeRow } from './schema.ts';

type Row = typeof services.$inferSelect;
const VISIBLE = 'visible';
const HIDDEN = 'hidden';

const toStaffPlan = (row: Row, used: number, change: PriceChangeRow | undefined = undefined): StaffPlan => ({
  id: row.id,
  title: row.title,
  amount: row.amount,
  price: row.price,
  recurring: row.recurring,
  description: row.description,
  visible: row.visibility === VISIBLE,
  order: row.sortOrder,
  subscriptionCount: used,
  priceChange: change ? toPriceChange(change) : null,
});

const ordered = (db: Db) => db.select().from(services).orderBy(asc(services.sortOrder), asc(services.title), asc(services.id));

async function usage(db: Db, planId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(subscriptions).where(eq(subscriptions.serviceId, planId));
  return row?.n ?? 0;
}

/** Every plan in pricing order (hidden ones too), with how many subscriptions use each. */
export async function listPlansForStaff(db: Db): Promise<{ plans: StaffPlan[] }> {
  const rows = await ordered(db);
  const used = await db.select({ id: subscriptions.serviceId, n: count() }).from(subscriptions).groupBy(subscriptions.serviceId);
  const byPlan = new Map(used.map((u) => [u.id, u.n]));
  const changes = await waitingPriceChanges(db);
  return { plans: rows.map((row) => toStaffPlan(row, byPlan.get(row.id) ?? 0, changes.get(row.id))) };
}

const fields = (input: PlanInput, now: Date) => ({
  title: input.title,
  amount: input.amount,
  price: (input.amount / 100).toFixed(2),
  recurring: input.recurring,
  description: input.description || null,
  visibility: input.visible ? VISIBLE : HIDDEN,
  updatedAt: now,
});

/** Customers' open pricing and plan pages refetch (the public `plans` topic). */
const published = (tx: Db) => publishChange(tx, { topic: topics.plans, audience: { public: true } });
const actor = (user: SessionUser) => ({ id: user.id, name: user.name });

export async function createPlan(db: Db, staff: SessionUser, input: PlanInput, now: Date): Promise<StaffPlan> {
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ max: sql<number>`coalesce(max(${services.sortOrder}), -1)` }).from(services);
    const [row] = await tx
      .insert(services)
      .values({ id: randomUUID(), ...fields(input, now), sortOrder: Number(last?.max ?? -1) + 1, createdAt: now })
      .returning();
    await recordAudit(tx, { actor: actor(staff), action: 'plan.create', entityType: 'plan', entityId: row!.id, customerId: null, before: null, after: row, now });
    await published(tx);
    return toStaffPlan(row!, 0);
  });
}

async function lockPlan(tx: Db, planId: string): Promise<Row> {
  const [row] = await tx.select().from(services).where(eq(services.id, planId)).for('update');
  if (!row) throw notFound('Plan not found.');
  return row;
}

/** Changes a plan; subscriptions already bought keep their own copy of title, price and period. */
export async function updatePlan(db: Db, staff: SessionUser, planId: string, input: PlanInput, now: Date): Promise<StaffPlan> {
  return db.transaction(async (tx) => {
    const before = await lockPlan(tx, planId);
    const [row] = await tx.update(services).set(fields(input, now)).where(eq(services.id, planId)).returning();
    await recordAudit(tx, { actor: actor(staff), action: 'plan.update', entityType: 'plan', entityId: planId, customerId: null, before, after: row, now });
    await published(tx);
    return toStaffPlan(row!, await usage(tx, planId), (await waitingPriceChanges(tx)).get(planId));
  });
}

/** Deletes a plan that no subscription uses; a used one can only be hidden. */
export async function deletePlan(db: Db, staff: SessionUser, planId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockPlan(tx, planId);
    if ((await usage(tx, planId)) > 0) throw conflict('PLAN_IN_USE', 'Subscriptions use this plan: hide it instead of deleting it.');
    await tx.delete(services).where(eq(services.id, planId));
    await recordAudit(tx, { actor: actor(staff), action: 'plan.delete', entityType: 'plan', entityId: planId, customerId: null, before, after: null, now });
    await published(tx);
  });
}

/** Moves a plan one place up or down; every plan is renumbered 0..n-1 in the new order. */
export async function movePlan(db: Db, staff: SessionUser, planId: string, direction: Direction, now: Date) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM services ORDER BY id FOR UPDATE`);
    const move = moveOnePlace(await ordered(tx), planId, direction);
    if (!move) throw notFound('Plan not found.');
    if (move.from === move.to) return;
    for (const row of move.renumbered) await tx.update(services).set({ sortOrder: row.sortOrder, updatedAt: now }).where(eq(services.id, row.id));
    await recordAudit(tx, { actor: actor(staff), action: 'plan.move', entityType: 'plan', entityId: planId, customerId: null, before: { order: move.from }, after: { order: move.to }, now });
    await published(tx);
  });
  return listPlansForStaff(db);
}

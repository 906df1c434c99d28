import { and, asc, desc, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { subscriptions } from '../subscriptions/schema.ts';
import { accountDeletionRequests, faqs, helpGuides, services } from './schema.ts';

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

export function listFaqs(db: Db) {
  return db
    .select({ id: faqs.id, question: faqs.question, answer: faqs.answer })
    .from(faqs)
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

/** Spec §9: help guides by category, then title. */
export function listHelpGuides(db: Db) {
  return db
    .select()
    .from(helpGuides)
    .orderBy(asc(helpGuides.category), asc(helpGuides.title), asc(helpGuides.id));
}

export type NewDeletionRequest = typeof accountDeletionRequests.$inferInsert;

export async function insertDeletionRequest(db: Db, row: NewDeletionRequest) {
  const [stored] = await db.insert(accountDeletionRequests).values(row).returning();
  return stored!;
}

/** Newest first; optionally only those for one e-mail address (compared as stored, lower-case). */
export function listDeletionRequests(db: Db, email?: string) {
  return db
    .select()
    .from(accountDeletionRequests)
    .where(email ? eq(accountDeletionRequests.email, email.toLowerCase()) : undefined)
    .orderBy(desc(accountDeletionRequests.requestedAt))
    .limit(500);
}

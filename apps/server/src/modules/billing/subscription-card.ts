import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { cardExpiresBefore, type ExpiringCard } from '@portal/contracts/billing';
import { ACTIVE_SUBSCRIPTION_STATUSES, type Subscription } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { findSubscription, isActive, moveSubscriptionsToCard, SUBSCRIPTION_NOT_FOUND, subscriptions, toSubscription } from '../subscriptions/index.ts';
import { findCard, findCards } from './cards-repository.ts';
import type { CardRow } from './schema.ts';
import { CARD_NOT_FOUND, isUsableCard } from './views.ts';

const activeOf = (userId: string) =>
  and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]));

/** The user's active subscriptions that a given card pays as their own card. */
export async function activeSubscriptionsPaidBy(db: Db, userId: string, cardId: string) {
  return db.select().from(subscriptions).where(and(activeOf(userId), eq(subscriptions.cardId, cardId)));
}

/** Whether a card pays any active subscription: as its own card, or as the default card of one without its own. */
export async function paysAnActiveSubscription(db: Db, userId: string, cardId: string, isDefault: boolean): Promise<boolean> {
  const paid = isDefault ? or(eq(subscriptions.cardId, cardId), isNull(subscriptions.cardId)) : eq(subscriptions.cardId, cardId);
  return (await db.select({ id: subscriptions.id }).from(subscriptions).where(and(activeOf(userId), paid)).limit(1)).length > 0;
}

/**
 * Cards that expire before the next renewal of an active subscription they pay: the subscription's own card, or the
 * default card when it has none (or its card is gone). Read from the active subscriptions (at most one per plan) and
 * their cards, never from the whole card list.
 */
export async function expiringBeforeRenewal(db: Db, userId: string, defaultCard: CardRow | null): Promise<ExpiringCard[]> {
  const active = await db.select().from(subscriptions).where(activeOf(userId));
  const own = await findCards(db, userId, [...new Set(active.flatMap((sub) => (sub.cardId ? [sub.cardId] : [])))]);
  const usable = new Map([...own, ...(defaultCard ? [defaultCard] : [])].filter(isUsableCard).map((c) => [c.id, c]));
  const expiring: ExpiringCard[] = [];
  for (const sub of active) {
    const card = (sub.cardId ? usable.get(sub.cardId) : undefined) ?? (defaultCard ? usable.get(defaultCard.id) : undefined);
    if (card && cardExpiresBefore(card, sub.dueDate.getTime())) {
      expiring.push({ cardId: card.id, subscriptionId: sub.id, serviceTitle: sub.serviceTitle, dueDate: sub.dueDate.getTime() });
    }
  }
  return expiring;
}

/** Chooses which saved card pays an active subscription. */
export async function setSubscriptionCard(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, id: string, cardId: string): Promise<Subscription> {
  return app.db.transaction(async (tx) => {
    const sub = await findSubscription(tx, userId, id, true);
    if (!sub) throw notFound(SUBSCRIPTION_NOT_FOUND);
    if (!isActive(sub)) throw conflict('NOT_ACTIVE', 'Only an active subscription can change its card.');
    const card = await findCard(tx, userId, cardId);
    if (!card) throw notFound(CARD_NOT_FOUND);
    if (!isUsableCard(card)) throw badRequest('CARD_NOT_USABLE', 'This card cannot be charged. Please choose another card.');
    const now = app.clock();
    await moveSubscriptionsToCard(tx, [sub.id], card, now);
    await publishChange(tx, { topic: `subscriptions:${sub.id}`, audience: { userId } });
    return toSubscription((await findSubscription(tx, userId, id))!, now);
  });
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PresentedOffer, RetentionOfferInput, StaffRetentionOffer } from '@portal/contracts/retention';
import type { Subscription } from '@portal/contracts/subscriptions';
import type { Db } from '../../platform/db/client.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { findSubscription, hasPaymentInFlight, updateSubscription } from './repository.ts';
import { retentionOffer, retentionOfferOutcomes, subscriptions } from './schema.ts';
import { SUBSCRIPTION_NOT_FOUND } from './service.ts';
import { isActive, toSubscription } from './views.ts';
import { renewalPriceOf, retentionDiscountOf } from './renewal-price.ts';

const OFFER_ROW = 1;

/**
 * The offer for the cancel flow of an active subscription, before the reasons. It is shown once per subscription:
 * the outcome row's primary key decides which of any number of concurrent requests shows it, and that request
 * counts it as shown. Nothing to show (no offer, turned off, already shown, a discount running): `offer: null`.
 */
export async function presentRetentionOffer(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, id: string): Promise<PresentedOffer> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await findSubscription(tx, userId, id, true);
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    const [offer] = await tx.select().from(retentionOffer).where(eq(retentionOffer.id, OFFER_ROW));
    if (!offer?.active || !isActive(row) || row.offerRenewalsLeft > 0) return { offer: null };
    const shown = await tx
      .insert(retentionOfferOutcomes)
      .values({ subscriptionId: id, percentOff: offer.percentOff, renewals: offer.renewals, shownAt: now })
      .onConflictDoNothing()
      .returning({ id: retentionOfferOutcomes.subscriptionId });
    if (shown.length === 0) return { offer: null };
    // What the next renewal would charge (after a lasting promo code), and what it charges with the offer.
    const planAmount = renewalPriceOf(row).amount;
    const discountedAmount = planAmount - retentionDiscountOf({ offerPercentOff: offer.percentOff, offerRenewalsLeft: offer.renewals }, planAmount);
    return { offer: { percentOff: offer.percentOff, renewals: offer.renewals, amount: planAmount, discountedAmount } };
  });
}

/**
 * Accepts the offer this subscription was shown, as it was shown: its next renewals are discounted. The
 * subscription's row lock and the outcome's `accepted_at` make any number of concurrent accepts one change.
 */
export async function acceptRetentionOffer(app: Pick<FastifyInstance, 'clock' | 'db'>, customer: AuditActor, id: string): Promise<Subscription> {
  const now = app.clock();
  return app.db.transaction(async (tx) => {
    const row = await findSubscription(tx, customer.id, id, true);
    if (!row) throw notFound(SUBSCRIPTION_NOT_FOUND);
    const [outcome] = await tx.select().from(retentionOfferOutcomes).where(eq(retentionOfferOutcomes.subscriptionId, id));
    if (!outcome) throw conflict('NO_OFFER', 'There is no offer to accept for this subscription.');
    if (outcome.acceptedAt) throw conflict('OFFER_ALREADY_ACCEPTED', 'You have already accepted this offer.');
    if (!isActive(row)) throw conflict('NOT_ACTIVE', 'Only an active subscription can take this offer.');
    if (await hasPaymentInFlight(tx, id)) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is in progress. Please try again in a moment.');
    const accepted = await tx
      .update(retentionOfferOutcomes)
      .set({ acceptedAt: now })
      .where(and(eq(retentionOfferOutcomes.subscriptionId, id), isNull(retentionOfferOutcomes.acceptedAt)))
      .returning();
    if (accepted.length === 0) throw conflict('OFFER_ALREADY_ACCEPTED', 'You have already accepted this offer.');
    const updated = await updateSubscription(tx, id, { offerPercentOff: outcome.percentOff, offerRenewalsLeft: outcome.renewals, updatedAt: now });
    await recordAudit(tx, {
      actor: customer,
      action: 'retention-offer.accept',
      entityType: 'subscription',
      entityId: id,
      customerId: customer.id,
      before: { title: row.serviceTitle, offerPercentOff: row.offerPercentOff, offerRenewalsLeft: row.offerRenewalsLeft },
      after: { title: updated.serviceTitle, offerPercentOff: updated.offerPercentOff, offerRenewalsLeft: updated.offerRenewalsLeft },
      now,
    });
    await publishChange(tx, { topic: `subscriptions:${id}`, audience: { userId: customer.id } });
    return toSubscription(updated, now);
  });
}

/**
 * The offer and its figures: subscriptions shown it, those that accepted, and cancellations avoided (accepted and
 * not cancelled since; decision 0063).
 */
export async function staffRetentionOffer(db: Db): Promise<StaffRetentionOffer> {
  const [offer] = await db.select().from(retentionOffer).where(eq(retentionOffer.id, OFFER_ROW));
  const [figures] = await db
    .select({
      shown: sql<number>`count(*)::int`,
      accepted: sql<number>`count(${retentionOfferOutcomes.acceptedAt})::int`,
      avoided: sql<number>`count(*) FILTER (WHERE ${retentionOfferOutcomes.acceptedAt} IS NOT NULL AND NOT (${subscriptions.status} = 'CANCELLED' AND ${subscriptions.cancelledAt} >= ${retentionOfferOutcomes.acceptedAt}))::int`,
    })
    .from(retentionOfferOutcomes)
    .innerJoin(subscriptions, eq(subscriptions.id, retentionOfferOutcomes.subscriptionId));
  return {
    offer: offer ? { percentOff: offer.percentOff, renewals: offer.renewals, active: offer.active, updatedAt: offer.updatedAt.getTime() } : null,
    figures: figures ?? { shown: 0, accepted: 0, avoided: 0 },
  };
}

/** Defines (or turns off) the one offer; subscriptions already shown an offer keep the one they were shown. */
export async function saveRetentionOffer(app: Pick<FastifyInstance, 'clock' | 'db'>, staff: AuditActor, input: RetentionOfferInput): Promise<StaffRetentionOffer> {
  const now = app.clock();
  await app.db.transaction(async (tx) => {
    const [before] = await tx.select().from(retentionOffer).where(eq(retentionOffer.id, OFFER_ROW)).for('update');
    const values = { percentOff: input.percentOff, renewals: input.renewals, active: input.active, updatedAt: now };
    await tx.insert(retentionOffer).values({ id: OFFER_ROW, ...values }).onConflictDoUpdate({ target: retentionOffer.id, set: values });
    await recordAudit(tx, {
      actor: staff,
      action: 'retention-offer.update',
      entityType: 'retention-offer',
      entityId: String(OFFER_ROW),
      customerId: null,
      before: before ? { percentOff: before.percentOff, renewals: before.renewals, active: before.active } : null,
      after: input,
      now,
    });
  });
  return staffRetentionOffer(app.db);
}

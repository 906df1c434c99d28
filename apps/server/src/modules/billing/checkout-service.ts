import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CheckoutInput, Payment, PaymentList, PaymentsConfig, PromoResult } from '@portal/contracts/billing';
import type { PageQuery } from '@portal/contracts/page';
import { tokenizeCard as tokenizeCardRoute } from '@portal/contracts/routes';
import type { SessionUser } from '../../platform/auth/session.ts';
import { publishChange } from '../../platform/events/change-feed.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { Db } from '../../platform/db/client.ts';
import { pageFrom } from '../../platform/db/keyset.ts';
import { squareCredentials, squareSdkUrl } from '../../platform/square/local.ts';
import { assertPlanNotHeld, findSubscription, lockUserPurchases, reactivationOf, SUBSCRIPTION_NOT_FOUND } from '../subscriptions/index.ts';
import { findCard, findCustomer } from './cards-repository.ts';
import { findPayment, findPaymentByKey, insertPayment, listPayments, paymentExtras } from './payments-repository.ts';
import { findPlan, findPlanForSale, type PricedPlan } from '../plans/index.ts';
import { processPayment } from './processor.ts';
import { evaluatePromo, normalizePromoCode, promoRefusalError } from './promo.ts';
import type { CardRow, PaymentRow } from './schema.ts';
import { CARD_NOT_FOUND, isUsableCard, toPayment, payerFields } from './views.ts';
import { toDispute } from './disputes.ts';

export const PLAN_NOT_FOUND = 'Plan not found.';

/** The plan being bought: a plan on sale, or for a reactivation the subscription's own plan. */
async function planFor(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, input: CheckoutInput): Promise<{ plan: PricedPlan; subscriptionId: string | null }> {
  if (input.mode === 'NEW_SUBSCRIPTION') {
    const plan = await findPlanForSale(app.db, input.planId);
    if (!plan) throw notFound(PLAN_NOT_FOUND);
    return { plan, subscriptionId: null };
  }
  const sub = await findSubscription(app.db, userId, input.subscriptionId!);
  if (!sub) throw notFound(SUBSCRIPTION_NOT_FOUND);
  if (sub.serviceId !== input.planId) throw badRequest('PLAN_MISMATCH', 'This subscription is for another plan.');
  const reactivation = reactivationOf(sub, app.clock());
  if (reactivation === null) throw conflict('ALREADY_ACTIVE', 'This subscription is already active.');
  if (reactivation === 'FREE') {
    throw conflict('REACTIVATE_FREE', 'This subscription is still within its paid period and can be reactivated at no extra charge.');
  }
  // A paid reactivation buys a new period at the plan's price of the day, the one checkout shows (hidden plans
  // included); only a plan no longer on file is charged at the price the subscription had (decision 0062).
  const plan = (await findPlan(app.db, sub.serviceId)) ?? {
    id: sub.serviceId,
    title: sub.serviceTitle,
    price: sub.price,
    amount: sub.amount,
    recurring: sub.recurring,
  };
  return { plan, subscriptionId: sub.id };
}

async function cardFor(db: Db, userId: string, cardId: string | null | undefined, amount: number): Promise<CardRow | null> {
  if (!cardId) {
    if (amount > 0) throw badRequest('CARD_REQUIRED', 'Please choose a card to pay with.');
    return null;
  }
  const card = await findCard(db, userId, cardId);
  if (!card) throw notFound(CARD_NOT_FOUND);
  if (!isUsableCard(card)) throw badRequest('CARD_NOT_USABLE', 'This card cannot be charged. Please choose another card.');
  return card;
}

/**
 * Starts a purchase (DESIGN "Payments"): the server prices it from the plan and the promo code, stores a Pending
 * payment under the browser's idempotency key, and charges it right after the commit. The same key again returns
 * the same payment; with other details it is refused.
 *
 * Everything that two purchases could both pass at once is decided in the transaction that inserts the payment,
 * under the user's purchase lock (decision 0014): the idempotency key, one purchase per plan, and the promo code's
 * reservation.
 */
export async function startCheckout(app: Pick<FastifyInstance, 'billing' | 'clock' | 'config' | 'db' | 'log' | 'mail'>, user: SessionUser, input: CheckoutInput): Promise<{ payment: Payment; created: boolean }> {
  const promoCode = input.promoCode ? normalizePromoCode(input.promoCode) : null;
  const requestHash = createHash('sha256')
    .update(JSON.stringify([input.planId, promoCode, input.cardId ?? null, input.mode, input.subscriptionId ?? null]))
    .digest('hex');
  const replay = async (db: Db) => {
    const prior = await findPaymentByKey(db, user.id, input.idempotencyKey);
    if (prior && prior.requestHash !== requestHash) {
      throw conflict('IDEMPOTENCY_KEY_REUSED', 'This purchase attempt was already sent with different details.');
    }
    return prior;
  };
  const prior = await replay(app.db);
  if (prior) return { payment: toPayment(prior), created: false };

  const now = app.clock();
  const { plan, subscriptionId } = await planFor(app, user.id, input);
  const customer = await findCustomer(app.db, user.id);

  const { row, created } = await app.db.transaction(async (tx) => {
    await lockUserPurchases(tx, user.id);
    // The same attempt sent twice at once: the second waited for the lock and answers the first's payment.
    const raced = await replay(tx);
    if (raced) return { row: raced, created: false };
    if (subscriptionId) {
      // Checked again under the subscription's row lock: a reactivation that completed since the check above has
      // made it active, and must not be paid for twice.
      const locked = await findSubscription(tx, user.id, subscriptionId, true);
      if (!locked || reactivationOf(locked, now) !== 'CHECKOUT') {
        throw conflict('ALREADY_ACTIVE', 'This subscription is already active.');
      }
    }
    await assertPlanNotHeld(tx, user.id, plan.id, subscriptionId);
    // A card Square refused when the customer entered it at checkout: the attempt is recorded as a Failed payment
    // with the card's reason (spec payment statuses), nothing is charged and no promo redemption is reserved.
    const refusedCard = input.cardId ? await findCard(tx, user.id, input.cardId) : undefined;
    const declined = refusedCard?.status === 'Error' ? refusedCard : null;
    let deal: PromoResult | null = null;
    if (promoCode) {
      const promo = await evaluatePromo(tx, promoCode, plan, now, !declined, user.id);
      if (!promo.ok) throw promoRefusalError(promo);
      deal = promo.result;
    }
    const amount = deal ? deal.finalAmount : plan.amount;
    const card = declined ? null : await cardFor(tx, user.id, input.cardId, amount);
    const inserted = await insertPayment(tx, {
      id: randomUUID(),
      userId: user.id,
      idempotencyKey: input.idempotencyKey,
      requestHash,
      status: declined ? 'Failed' : 'Pending',
      purchaseType: input.mode === 'NEW_SUBSCRIPTION' ? 'New Subscription' : 'Reactivation',
      serviceId: plan.id,
      serviceTitle: plan.title,
      price: plan.price,
      recurring: plan.recurring,
      subtotal: plan.amount,
      discount: plan.amount - amount,
      amount,
      promoCode: deal ? deal.promoCode : null,
      appliedDeal: deal,
      ...payerFields(card, customer?.squareCustomerId, user),
      ...(declined ? { cardId: declined.id, failureReason: declined.failureReason ?? DECLINED_REASON } : {}),
      subscriptionId,
      createdAt: now,
      updatedAt: now,
    });
    if (!inserted) throw conflict('PAYMENT_IN_PROGRESS', 'A payment for this subscription is already in progress.');
    await publishChange(tx, { topic: `payments:${inserted.id}`, audience: { userId: user.id } });
    return { row: inserted, created: true };
  });
  if (created && row.status === 'Pending') app.billing.later(() => processPayment(app, row.id));
  return { payment: toPayment(row), created };
}

const DECLINED_REASON = 'Your card was declined. Please try another card.';

/** Client ids for the card form (spec §7 getSquareClientIds); locally, where the sandbox's tokenizer answers. */
export function paymentsConfig(app: Pick<FastifyInstance, 'config'>): PaymentsConfig {
  const credentials = squareCredentials(app.config);
  return {
    environment: credentials.environment,
    applicationId: credentials.applicationId,
    locationId: credentials.locationId,
    sdkUrl: squareSdkUrl(credentials.environment),
    tokenizeUrl: credentials.environment === 'local' ? tokenizeCardRoute.path : null,
  };
}

/** Prices a plan with a promo code (spec §7 validateAndApplyPromoCode); a refused code is a result, not an error. */
export async function quotePromo(app: Pick<FastifyInstance, 'clock' | 'db'>, userId: string, planId: string, promoCode: string): Promise<PromoResult> {
  const plan = await findPlan(app.db, planId);
  if (!plan) throw notFound(PLAN_NOT_FOUND);
  return (await evaluatePromo(app.db, promoCode, plan, app.clock(), false, userId)).result;
}

/** Payments with what has been refunded of each, and its dispute if a cardholder opened one. */
export async function withRefunds(db: Db, rows: PaymentRow[]): Promise<Payment[]> {
  const extras = await paymentExtras(db, rows.map((r) => r.id));
  return rows.map((r) => {
    const { refunded = 0, dispute = null } = extras.get(r.id) ?? {};
    return toPayment(r, refunded, dispute && toDispute(dispute));
  });
}

/** One page of payment history, newest first; `nextCursor` is null on the last page. */
export async function paymentsOf(app: Pick<FastifyInstance, 'db'>, userId: string, query: PageQuery): Promise<PaymentList> {
  const page = pageFrom(await listPayments(app.db, userId, query), query.limit);
  return { payments: await withRefunds(app.db, page.rows), nextCursor: page.nextCursor };
}

export async function paymentOf(app: Pick<FastifyInstance, 'db'>, userId: string, id: string): Promise<Payment> {
  const row = await findPayment(app.db, userId, id);
  if (!row) throw notFound('Payment not found.');
  return (await withRefunds(app.db, [row]))[0]!;
}

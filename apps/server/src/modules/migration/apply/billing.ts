import { registerMigratedSandboxCard } from '../../../platform/square/sandbox/sources.ts';
import { upsertBillingCustomers, upsertCards, upsertPayments } from '../../billing/index.ts';
import type { ParsedUser, WriteContext } from '../context.ts';
import type { ParsedMigration } from '../parse.ts';

/** The kept users' cards, their Square customers (with the default card) and, in the local sandbox, their cards there. */
export async function writeCards(
  { tx, options, upsert, keep }: WriteContext,
  cards: ParsedMigration['cards'],
  userList: ParsedUser[],
) {
  const cardList = keep(cards);
  const counts = await upsert(
    upsertCards,
    cardList.map(({ id, user, value: c }) => ({
      id,
      userId: user.id,
      squareCardId: c.squareCardId,
      customerId: c.customerId ?? user.squareCustomerId,
      status:
        c.Status === 'Pending'
          ? 'PendingSquareCreation'
          : c.Status === 'Failed'
            ? 'Error'
            : (c.Status as 'Complete' | 'PendingSquareCreation' | 'Error'),
      brand: c.brand,
      last4: c.last4,
      failureReason: c.FailureReason,
      createdAt: c.Timestamp,
      updatedAt: c.Timestamp,
    })),
    ['userId', 'squareCardId', 'customerId', 'status', 'brand', 'last4', 'failureReason'],
  );
  const cardIds = new Set(cardList.map((c) => c.id));
  const customers = userList.filter((u) => u.squareCustomerId);
  if (customers.length)
    await upsertBillingCustomers(
      tx,
      customers.map((u) => ({
        userId: u.id,
        squareCustomerId: u.squareCustomerId!,
        defaultCardId: u.defaultCardId && cardIds.has(u.defaultCardId) ? u.defaultCardId : null,
        defaultCardSetAt: u.defaultCardId && cardIds.has(u.defaultCardId) ? u.createdAt : null,
      })),
      ['squareCustomerId', 'defaultCardId'],
    );
  if (options.squareSandbox)
    for (const { user, value: c } of cardList) {
      const customerId = c.customerId ?? user.squareCustomerId;
      if (c.Status === 'Complete' && customerId)
        await registerMigratedSandboxCard(tx, {
          customerId,
          cardId: c.squareCardId,
          brand: c.brand ?? null,
          last4: c.last4 ?? null,
          now: options.now,
        });
    }
  return counts;
}

/** A payment the old system completed is Complete; any other is recorded as not completed, never charged here. */
export function writePayments({ upsert, keep }: WriteContext, payments: ParsedMigration['payments']) {
  return upsert(
    upsertPayments,
    keep(payments).map(({ id, user, value: p, subscriptionId }) => {
      const status = /^complete/i.test(p.PaymentStatus) ? 'Complete' : 'Failed';
      const amount = p.AppliedDeal?.finalAmount ?? p.Amount;
      return {
        id,
        userId: user.id,
        idempotencyKey: `migrated:${id}`,
        requestHash: 'migrated',
        status,
        purchaseType:
          p.PurchaseType === 'Reactivation' || p.PurchaseType === 'Renewal'
            ? p.PurchaseType
            : 'New Subscription',
        serviceId: p.ServiceId,
        serviceTitle: p.ServiceTitle,
        price: p.Price ?? (p.Amount / 100).toFixed(2),
        recurring: p.Recurring,
        subtotal: p.Amount,
        discount: Math.max(0, p.Amount - amount),
        amount,
        promoCode: p.AppliedDeal?.promoCode ?? null,
        appliedDeal: p.AppliedDeal ?? null,
        cardId: p.CardFId ?? null,
        cardSquareId: p.CardSId,
        cardBrand: p.CardBrand,
        cardLast4: p.CardLast4,
        customerId: p.CustomerId ?? user.squareCustomerId,
        customerName: p.CustomerName,
        customerEmail: p.CustomerEmail,
        subscriptionId,
        // A payment the old system left pending is never charged here: it is recorded as not completed.
        failureReason:
          status === 'Failed'
            ? (p.FailureReason ??
              (/^fail/i.test(p.PaymentStatus) ? 'Payment failed' : 'Not completed in the original system'))
            : null,
        createdAt: p.Timestamp,
        updatedAt: p.Timestamp,
      } as const;
    }),
    [
      'status',
      'serviceTitle',
      'amount',
      'subtotal',
      'discount',
      'appliedDeal',
      'subscriptionId',
      'failureReason',
      'cardBrand',
      'cardLast4',
    ],
  );
}

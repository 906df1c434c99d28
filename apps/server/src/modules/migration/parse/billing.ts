import { z } from 'zod';
import { promoResultSchema } from '@portal/contracts/billing';
import type { SubscriptionOfUser } from './subscriptions.ts';
import { cents, keepId, millis, optionalText, type ParseContext, type UserRecord } from '../context.ts';

/** Billing: the saved cards (`Cards/{uid}`) and the payments (`Payments`, and `UserPayments` entries it lacks). */

const paymentRecord = z.object({
  UserId: z.string().min(1),
  ServiceId: z.string().default(''),
  ServiceTitle: z.string(),
  Amount: cents,
  Price: z.union([z.string(), z.number()]).transform(String).optional(),
  Recurring: z.string().default(''),
  CardSId: optionalText,
  CardFId: optionalText,
  CardBrand: optionalText,
  CardLast4: optionalText,
  PaymentStatus: z.string(),
  PurchaseType: z.string().optional(),
  AppliedDeal: promoResultSchema.nullish(),
  CustomerId: optionalText,
  CustomerName: optionalText,
  CustomerEmail: optionalText,
  Timestamp: millis,
  SubscriptionId: optionalText,
  FailureReason: optionalText,
});
const userPaymentRecord = z.object({
  Timestamp: millis,
  ServiceTitle: z.string(),
  Amount: cents,
  PaymentStatus: z.string(),
});
const cardRecord = z.object({
  squareCardId: z.string().min(1),
  customerId: optionalText,
  Status: z.string(),
  Timestamp: millis,
  brand: optionalText,
  last4: optionalText,
  FailureReason: optionalText,
});

export function parseCards({ nested, read, refuse, ownerOf }: ParseContext) {
  const cards: UserRecord<z.output<typeof cardRecord>>[] = [];
  for (const { uid, key: cardId, path, value } of nested('Cards', 'card')) {
    const card = read(cardRecord, value, path);
    if (!card) continue;
    if (!['Complete', 'PendingSquareCreation', 'Pending', 'Error', 'Failed'].includes(card.Status)) {
      refuse(`${path}/Status`, `unknown card status "${card.Status}"`);
      continue;
    }
    const user = ownerOf(uid, path);
    if (user) cards.push({ id: keepId('card', cardId), path, user, value: card });
  }
  return cards;
}

export function parsePayments(
  { nested, read, root, ownerOf }: ParseContext,
  subscriptionOf: SubscriptionOfUser,
) {
  const payments: (UserRecord<z.output<typeof paymentRecord>> & { subscriptionId: string | null })[] = [];
  const paymentRecords = root('Payments');
  for (const [paymentId, value] of Object.entries(paymentRecords)) {
    const path = `Payments/${paymentId}`;
    const p = read(paymentRecord, value, path);
    const user = p && ownerOf(p.UserId, `${path}/UserId`);
    if (!p || !user) continue;
    const subscriptionId = subscriptionOf(p.SubscriptionId, user, `${path}/SubscriptionId`);
    if (subscriptionId === false) continue;
    payments.push({ id: keepId('payment', paymentId), path, user, value: p, subscriptionId });
  }
  for (const { uid, key: paymentId, path, value } of nested('UserPayments', 'payment')) {
    {
      if (paymentRecords[paymentId] !== undefined) continue;
      const p = read(userPaymentRecord, value, path);
      const user = p && ownerOf(uid, path);
      if (!p || !user) continue;
      payments.push({
        id: keepId('payment', paymentId),
        path,
        user,
        subscriptionId: null,
        value: { ...p, UserId: uid, ServiceId: '', Recurring: '', Price: (p.Amount / 100).toFixed(2) },
      });
    }
  }
  return payments;
}

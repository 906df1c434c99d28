import type { SubscriptionRow } from './schema.ts';

type PricedRow = Pick<
  SubscriptionRow,
  | 'dueDate'
  | 'serviceId'
  | 'serviceTitle'
  | 'price'
  | 'amount'
  | 'recurring'
  | 'pendingServiceId'
  | 'pendingServiceTitle'
  | 'pendingPrice'
  | 'pendingAmount'
  | 'pendingRecurring'
  | 'discountCode'
  | 'discountType'
  | 'discountValue'
  | 'discountEndsAt'
  | 'comingAmount'
  | 'comingPrice'
  | 'comingEffectiveAt'
  | 'offerPercentOff'
  | 'offerRenewalsLeft'
>;

/** What one renewal charges, line by line: the plan's price for the period, the discount off it, and the total. */
export interface RenewalPrice {
  serviceId: string;
  serviceTitle: string;
  recurring: string;
  /** The plan's price per period as text ("59.99"), as the receipt and the payment show it. */
  price: string;
  subtotal: number;
  discount: number;
  amount: number;
  /** The promo code whose discount this renewal carries, or null. */
  discountCode: string | null;
}

/**
 * Whether the renewal of the period starting at `dueDate` pays the plan's announced price: its first renewal on or
 * after the change's effective date, and every one after it (decision 0062). A scheduled downgrade's renewal pays
 * the other plan's price, saved when it was scheduled.
 */
export const paysComingPrice = (row: Pick<PricedRow, 'comingAmount' | 'comingEffectiveAt' | 'pendingServiceId'>, dueDate: Date) =>
  row.comingAmount !== null && row.comingEffectiveAt !== null && row.pendingServiceId === null && row.comingEffectiveAt.getTime() <= dueDate.getTime();

/** Whether a lasting promo code still takes something off the renewal of the period starting at `dueDate`. */
export const carriesDiscount = (row: Pick<PricedRow, 'discountCode' | 'discountEndsAt'>, dueDate: Date) =>
  row.discountCode !== null && (row.discountEndsAt === null || dueDate.getTime() < row.discountEndsAt.getTime());

/**
 * The one place a renewal is priced: the plan it renews (a scheduled downgrade's, or the subscription's own at its
 * announced price once that applies), less the discount of a lasting promo code while it lasts, then less an accepted
 * retention offer's percentage of what is left while it has renewals left. Percent rounds to the nearest cent; an
 * amount off never takes the charge below zero. Pure: the reminder, the dunning notice and the
 * renewal itself all read the same figure from the same row.
 */
export function renewalPriceOf(row: PricedRow): RenewalPrice {
  const plan = row.pendingServiceId
    ? {
        serviceId: row.pendingServiceId,
        serviceTitle: row.pendingServiceTitle ?? row.serviceTitle,
        recurring: row.pendingRecurring ?? row.recurring,
        price: row.pendingPrice ?? row.price,
        subtotal: row.pendingAmount ?? row.amount,
      }
    : paysComingPrice(row, row.dueDate)
      ? { serviceId: row.serviceId, serviceTitle: row.serviceTitle, recurring: row.recurring, price: row.comingPrice ?? row.price, subtotal: row.comingAmount! }
      : { serviceId: row.serviceId, serviceTitle: row.serviceTitle, recurring: row.recurring, price: row.price, subtotal: row.amount };
  const promoDiscount = carriesDiscount(row, row.dueDate) ? discountOff(plan.subtotal, row.discountType, row.discountValue ?? 0) : 0;
  const discount = promoDiscount + retentionDiscountOf(row, plan.subtotal - promoDiscount);
  return { ...plan, discount, amount: plan.subtotal - discount, discountCode: promoDiscount > 0 ? row.discountCode : null };
}

/** A promo code's discount off an amount, in cents (the same rule checkout prices a code with). */
export function discountOff(amount: number, type: 'percent' | 'amount' | null, value: number): number {
  if (type === 'percent') return Math.min(amount, Math.round((amount * value) / 100));
  if (type === 'amount') return Math.min(value, amount);
  return 0;
}

/**
 * An accepted retention offer's discount on a renewal of `amount` cents, while it still has renewals left: the
 * percentage rounded to the nearest cent, as promo codes are (decision 0063).
 */
export const retentionDiscountOf = (row: Pick<SubscriptionRow, 'offerPercentOff' | 'offerRenewalsLeft'>, amount: number) =>
  row.offerRenewalsLeft > 0 && row.offerPercentOff ? discountOff(amount, 'percent', row.offerPercentOff) : 0;

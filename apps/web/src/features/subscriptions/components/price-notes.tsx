import { formatCents } from '@portal/contracts/money';
import type { Subscription } from '@portal/contracts/subscriptions';
import { formatShortDate } from '@/lib/format';

/** What the coming renewals cost differently from today: an announced price, and a lasting promo code's discount. */
export function PriceNotes({ subscription: s }: { subscription: Subscription }) {
  const { comingPrice, discount } = s;
  if (!comingPrice && !discount) return null;
  const off = discount ? (discount.type === 'percent' ? `${discount.value}% off` : `${formatCents(discount.value)} off`) : '';
  return (
    <div className="mt-5 space-y-2">
      {comingPrice && (
        <p className="rounded-lg bg-amber-50 px-4 py-3 text-sm text-slate-900" data-testid="coming-price">
          <span className="font-semibold">
            New price from {formatShortDate(comingPrice.effectiveAt)}: {formatCents(comingPrice.amount)} / {s.recurring}
          </span>{' '}
          (now {formatCents(s.amount)}). Your renewal on {formatShortDate(comingPrice.firstRenewalAt)} is the first at the new price.
        </p>
      )}
      {discount && (
        <p className="rounded-lg bg-green-50 px-4 py-3 text-sm text-slate-900" data-testid="lasting-discount">
          <span className="font-semibold">
            Promo code {discount.promoCode}: {off}
          </span>{' '}
          {discount.endsAt === null ? 'every renewal.' : `renewals before ${formatShortDate(discount.endsAt)}.`}
        </p>
      )}
    </div>
  );
}

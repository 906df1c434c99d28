import { Link } from 'react-router';
import type { PromoResult } from '@portal/contracts/billing';
import type { Plan } from '@portal/contracts/plans';
import { Button, buttonClass } from '@/components/ui/button';
import { formatCents } from '@portal/contracts/money';
import { Section } from '../section';
import { paths } from '@/lib/paths';

/** Totals (spec §2, §9): Subtotal, Discount with the code, Total Due Today; the pay button and Back to Plans. */
export function OrderSummary({
  plan,
  deal,
  canPay,
  busy,
  onPay,
}: {
  plan: Plan;
  deal: PromoResult | null;
  canPay: boolean;
  busy: boolean;
  onPay: () => void;
}) {
  const total = deal ? deal.finalAmount : plan.amount;
  return (
    <Section title="Order Summary">
      <dl className="space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Subtotal</dt>
          <dd className="font-medium text-slate-900">{formatCents(plan.amount)}</dd>
        </div>
        {deal && (
          <div className="flex justify-between gap-4 text-green-800">
            <dt>Discount ({deal.promoCode})</dt>
            <dd className="font-medium">-{formatCents(plan.amount - deal.finalAmount)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-3 text-base">
          <dt className="font-bold text-slate-900">Total Due Today</dt>
          <dd className="font-bold text-slate-900">{formatCents(total)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-600">
        Then {formatCents(plan.amount)} / {plan.recurring}, renewing automatically until you cancel.
      </p>
      <Button className="mt-5 w-full py-3 text-base" onClick={onPay} disabled={!canPay || busy}>
        {busy ? 'Processing...' : `Pay ${formatCents(total)}`}
      </Button>
      <Link to={paths.selectPlan()} className={buttonClass('ghost', 'mt-2 w-full')}>
        Back to Plans
      </Link>
    </Section>
  );
}

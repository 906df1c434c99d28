import type { Plan } from '@portal/contracts/plans';
import { formatCents } from '@portal/contracts/money';
import { Section } from '../section';

/** Review Your Subscription (spec §2): the plan and its price per period. */
export function PlanReview({ plan, reactivating }: { plan: Plan; reactivating: boolean }) {
  return (
    <Section title="Review Your Subscription">
      {reactivating && <p className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">You are reactivating your subscription to this plan.</p>}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-base font-semibold text-slate-900">{plan.title}</p>
          <p className="mt-1 text-sm text-slate-600">{plan.description || 'Standard features included.'}</p>
        </div>
        <p className="text-right">
          <span className="text-xl font-bold text-slate-900">{formatCents(plan.amount)}</span>
          <span className="text-sm text-slate-600"> / {plan.recurring}</span>
        </p>
      </div>
    </Section>
  );
}

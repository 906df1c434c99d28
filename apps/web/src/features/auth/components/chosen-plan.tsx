import { formatCents } from '@portal/contracts/money';
import type { Plan } from '@portal/contracts/plans';

/** The plan chosen on pricing, shown while signing up or in on the way to its checkout. */
export function ChosenPlan({ plan }: { plan: Plan }) {
  return (
    <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-center text-sm text-slate-900">
      Your plan: <strong>{plan.title}</strong> · {formatCents(plan.amount)} / {plan.recurring}
      <span className="block text-slate-600">You will pay at checkout, next.</span>
    </p>
  );
}

import type { Plan } from '@portal/contracts/plans';
import { Button } from '@/components/ui/button';

export const DESCRIPTION_FALLBACK = 'Standard features included.';

export function PlanCard({
  plan,
  recommended,
  current = false,
  onChoose,
}: {
  plan: Plan;
  recommended: boolean;
  /** The customer already has this plan: marked, and the button leads to "Change plan" instead of buying it again. */
  current?: boolean;
  onChoose(plan: Plan): void;
}) {
  const headingId = `plan-${plan.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        recommended ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      }`}
    >
      {recommended && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold tracking-wide text-white">
          RECOMMENDED
        </p>
      )}
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold text-slate-900">
          {plan.title}
        </h2>
        {current && (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">Current plan</span>
        )}
      </div>
      <p className="mt-4 text-slate-900">
        <span className="text-4xl font-extrabold tracking-tight">${plan.price}</span>
        <span className="text-lg font-semibold text-slate-600"> / mo</span>
      </p>
      <p className="mt-4 flex-1 text-slate-700">{plan.description || DESCRIPTION_FALLBACK}</p>
      <Button
        className="mt-6 w-full py-3 text-base"
        onClick={() => onChoose(plan)}
        aria-describedby={headingId}
      >
        {current ? 'Change plan' : 'Sign Up Today'}
      </Button>
    </article>
  );
}

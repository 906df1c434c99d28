import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import type { Plan } from '@portal/contracts/plans';

const period = (recurring: string) => (recurring === 'month' ? 'mo' : recurring);

/** Where choosing a plan leads, and the navigation state that goes with it. */
export type PlanLink = (plan: Plan) => { to: string; state?: unknown };

/** What choosing a plan does: change the one held, add a subscription next to those held, or subscribe. */
function actionLabel(current: boolean, heldCount: number) {
  if (current) return 'Change plan';
  if (heldCount === 0) return 'Subscribe';
  return heldCount === 1 ? 'Add a second subscription' : 'Add another subscription';
}

/**
 * "Our Services": the visible plans; choosing one follows `linkTo` (checkout with it). A plan the customer already
 * has (`isCurrent`) is marked and offers "Change plan" instead (its link then leads to the subscription); with a
 * plan held, the others say that they add a subscription rather than replace it.
 */
export function ServicesGrid({
  plans,
  linkTo,
  isCurrent = () => false,
  heldCount = 0,
}: {
  plans: Plan[];
  linkTo: PlanLink;
  isCurrent?: (plan: Plan) => boolean;
  /** How many plans the customer holds now. */
  heldCount?: number;
}) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {plans.map((plan) => {
        const target = linkTo(plan);
        const current = isCurrent(plan);
        return (
          <li key={plan.id}>
            <Link
              to={target.to}
              state={target.state}
              className="group flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-400 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="flex items-start justify-between gap-2">
                <span className="text-lg font-bold text-slate-900">{plan.title}</span>
                {current && (
                  <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">
                    Current plan
                  </span>
                )}
              </span>
              <span className="mt-1 text-2xl font-extrabold text-brand-800">
                ${plan.price}{' '}
                <span className="text-base font-semibold text-slate-600">/ {period(plan.recurring)}</span>
              </span>
              <span className="mt-2 flex-1 text-sm text-slate-700">
                {plan.description || 'Standard features included.'}
              </span>
              <span className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 group-hover:text-brand-900">
                {actionLabel(current, heldCount)} <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import type { Plan } from '@portal/contracts/plans';
import { QueryState } from '@/components/ui/query-state';
import { useCurrentUser } from '@/lib/current-user';
import { checkoutTarget, loginTarget } from '@/app/plan-handoff';
import { usePlans } from '@/features/plans/api/plans';
import { useActiveSubscriptions } from '@/features/subscriptions/api/subscriptions';
import { PlanCard } from '@/features/content/components/plan-card';

/** Pricing (spec §2): visible plans; the chosen plan travels to checkout, through sign-in when signed out. */
export function Component() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const plans = usePlans();
  // Signed in: the plans the customer has active are marked and lead to the subscription's "Change plan".
  const subscriptions = useActiveSubscriptions({ enabled: Boolean(user) });
  const held = new Map((user ? (subscriptions.data ?? []) : []).map((s) => [s.serviceId, s.id]));

  function choose(plan: Plan) {
    const heldId = held.get(plan.id);
    if (heldId) return void navigate(paths.subscriptionDetails(heldId));
    const target = user ? checkoutTarget(plan.id) : loginTarget(plan.id);
    void navigate(target.to, { state: target.state });
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 md:py-14">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-bold uppercase tracking-wide text-brand-700">Pricing</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          Sign up in less than 30 seconds. Upgrade at anytime, no questions, no hassle.
        </h1>
      </header>
      <div className="mt-12">
        <QueryState
          query={plans}
          pending="Loading plans..."
          error="Failed to load subscription plans. Please try again later."
          empty="No subscription plans are currently available."
        >
          {(list) => (
            <div className="grid gap-8 md:grid-cols-3">
              {list.map((plan, i) => (
                <PlanCard key={plan.id} plan={plan} recommended={i === 0} current={held.has(plan.id)} onChoose={choose} />
              ))}
            </div>
          )}
        </QueryState>
      </div>
    </div>
  );
}

import { Link } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import type { Plan } from '@portal/contracts/plans';
import { buttonClass } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { Section } from '../section';

/**
 * Checkout of a plan the customer already has active: said before any card is asked for, with the way to the
 * subscription (where the plan can be changed) instead of a payment the server would refuse.
 */
export function PlanAlreadyHeld({ plan, subscriptionId }: { plan: Plan; subscriptionId: string }) {
  return (
    <Section title="Review Your Subscription">
      <p role="status" className="flex items-start gap-3 text-base text-slate-900">
        <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
        <span>
          You already have <strong>{plan.title}</strong>. There is nothing to pay: manage it, or change to another plan,
          from your subscription.
        </span>
      </p>
      <div className="mt-5 flex flex-wrap gap-3">
        <Link to={paths.subscriptionDetails(subscriptionId)} className={buttonClass('primary')}>
          View your subscription
        </Link>
        <Link to={paths.selectPlan()} className={buttonClass('secondary')}>
          Back to Plans
        </Link>
      </div>
    </Section>
  );
}

import { isActiveSubscriptionStatus, subscriptionStatusText, type Subscription } from '@portal/contracts/subscriptions';
import { formatShortDate } from '@/lib/format';

function tone(status: string) {
  if (isActiveSubscriptionStatus(status)) return 'bg-green-100 text-green-800';
  if (status === 'CANCELLED') return 'bg-slate-200 text-slate-800';
  if (status === 'INACTIVE_NONPAYMENT') return 'bg-red-100 text-red-800';
  if (status === 'PAUSED') return 'bg-amber-100 text-amber-900';
  return 'bg-slate-100 text-slate-700';
}

/** The status in words: a waiting downgrade says what changes when, a pause when it ends; unknown values read Unknown. */
export function SubscriptionStatusBadge({ subscription }: { subscription: Pick<Subscription, 'status' | 'pendingChange'> & { pause?: Subscription['pause'] } }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${tone(subscription.status)}`}>
      {subscriptionStatusText(subscription, formatShortDate)}
    </span>
  );
}

/** What the due date means for this subscription. */
export function dueDateLabel(subscription: Pick<Subscription, 'status'>) {
  if (isActiveSubscriptionStatus(subscription.status) || subscription.status === 'PAUSED') return 'Next due date';
  if (subscription.status === 'CANCELLED') return 'Paid through';
  return 'Payment was due';
}

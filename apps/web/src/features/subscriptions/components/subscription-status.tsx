import { isActiveSubscriptionStatus, subscriptionStatusLabel, type Subscription } from '@portal/contracts/subscriptions';

function tone(status: string) {
  if (isActiveSubscriptionStatus(status)) return 'bg-green-100 text-green-800';
  if (status === 'CANCELLED') return 'bg-slate-200 text-slate-800';
  if (status === 'INACTIVE_NONPAYMENT') return 'bg-red-100 text-red-800';
  return 'bg-slate-100 text-slate-700';
}

/** The status as spec §4 shows it: first underscore replaced by a space; unknown values as Unknown. */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide ${tone(status)}`}>{subscriptionStatusLabel(status)}</span>;
}

/** What the due date means for this subscription. */
export function dueDateLabel(subscription: Pick<Subscription, 'status'>) {
  if (isActiveSubscriptionStatus(subscription.status)) return 'Next due date';
  if (subscription.status === 'CANCELLED') return 'Paid through';
  return 'Payment was due';
}

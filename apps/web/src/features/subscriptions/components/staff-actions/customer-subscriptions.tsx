import type { ReactNode } from 'react';
import { formatCents } from '@portal/contracts/money';
import { cancelReasonLabel, type Subscription } from '@portal/contracts/subscriptions';
import { formatShortDate } from '@/lib/format';
import { SubscriptionActions } from './subscription-actions';
import { SubscriptionPauseControls } from './subscription-pause-controls';

/**
 * A customer's subscriptions as staff see them: plan, status, price and due date, why it was cancelled (the reason
 * the customer gave, and their words), a failed renewal, and the billing actions each allows.
 */
export function CustomerSubscriptions({ subscriptions, status }: { subscriptions: Subscription[]; status: (s: Subscription) => ReactNode }) {
  return (
    <ul className="divide-y divide-slate-200" aria-label="Subscriptions">
      {subscriptions.map((s) => (
        <li key={s.id} className="space-y-2 py-3 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold">{s.serviceTitle}</span>
            {status(s)}
            <span className="text-slate-700">
              ${s.price} / {s.recurring} · {s.status === 'CANCELLED' ? 'paid until' : 'due'} {formatShortDate(s.dueDate)}
            </span>
          </div>
          {s.cancellation && (
            <p className="text-sm text-slate-700">
              Cancelled{s.cancelledAt !== null && ` ${formatShortDate(s.cancelledAt)}`}: <span className="font-medium">{cancelReasonLabel(s.cancellation.reason)}</span>
              {s.cancellation.comment && <span className="break-words"> · “{s.cancellation.comment}”</span>}
            </p>
          )}
          {s.dunning && (
            <p className="text-sm text-red-800">
              Renewal of {formatCents(s.dunning.amount)} failed{s.dunning.reason ? `: ${s.dunning.reason}` : ''}
              {s.dunning.nextRetryAt !== null && ` · next automatic retry ${formatShortDate(s.dunning.nextRetryAt)}`}
            </p>
          )}
          <SubscriptionPauseControls subscription={s} />
          <SubscriptionActions subscription={s} />
        </li>
      ))}
    </ul>
  );
}

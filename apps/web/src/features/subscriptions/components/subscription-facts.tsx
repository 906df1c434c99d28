import { isActiveSubscriptionStatus, type Subscription } from '@portal/contracts/subscriptions';
import { brandLabel } from '@/lib/card-brand';
import { formatCents } from '@portal/contracts/money';
import { formatShortDate } from '@/lib/format';
import { dueDateLabel } from './subscription-status';

/**
 * The card that pays: the subscription's own, else (while it is active) the default card, said as such, so that
 * this line and the card picker below never disagree.
 */
function cardText(s: Subscription, defaultCardName: string | null): string {
  if (s.cardLast4) return `${brandLabel(s.cardBrand)} •••• ${s.cardLast4}`;
  if (isActiveSubscriptionStatus(s.status) && defaultCardName) return `${defaultCardName} (default card)`;
  return 'No card on file';
}

/** Price, dates and card of a subscription, as a description list. */
export function SubscriptionFacts({
  subscription: s,
  defaultCardName,
  compact = false,
}: {
  subscription: Subscription;
  /** "Visa •••• 1111": the user's default card, which pays a subscription without a card of its own. */
  defaultCardName: string | null;
  compact?: boolean;
}) {  const facts: Array<[string, string]> = [
    ['Price', `${formatCents(s.amount)} / ${s.recurring}`],
    ['Started', formatShortDate(s.startDate)],
    // Paused: the due date it will have once it resumes on its date.
    [dueDateLabel(s), formatShortDate(s.pause?.nextPaymentAt ?? s.dueDate)],
    ['Card', cardText(s, defaultCardName)],
  ];
  return (
    <dl className={`grid gap-x-6 gap-y-3 ${compact ? 'grid-cols-2 sm:grid-cols-4' : 'sm:grid-cols-2'}`}>
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
          <dd className="mt-0.5 truncate text-sm font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

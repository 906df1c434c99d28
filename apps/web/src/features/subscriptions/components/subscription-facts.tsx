import type { Subscription } from '@portal/contracts/subscriptions';
import { brandLabel } from '@/lib/card-brand';
import { formatCents } from '@portal/contracts/money';
import { formatShortDate } from '@/lib/format';
import { dueDateLabel } from './subscription-status';

const cardText = (s: Subscription) => (s.cardLast4 ? `${brandLabel(s.cardBrand)} •••• ${s.cardLast4}` : 'No card on file');

/** Price, dates and card of a subscription, as a description list. */
export function SubscriptionFacts({ subscription: s, compact = false }: { subscription: Subscription; compact?: boolean }) {
  const facts: Array<[string, string]> = [
    ['Price', `${formatCents(s.amount)} / ${s.recurring}`],
    ['Started', formatShortDate(s.startDate)],
    [dueDateLabel(s), formatShortDate(s.dueDate)],
    ['Card', cardText(s)],
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

import type { Card, ExpiringCard } from '@portal/contracts/billing';
import { formatShortDate } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { brandLabel } from '@/lib/card-brand';
import { CardLabel } from './card-label';
import { MESSAGES } from './messages';

function StatusBadge({ card, isDefault }: { card: Card; isDefault: boolean }) {
  if (card.status === 'PendingSquareCreation') return <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Saving...</span>;
  if (card.status === 'Error') return <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Not saved</span>;
  if (isDefault) return <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">Default</span>;
  return null;
}

/** One saved card with its state (spec §4: pending, complete, error) and what can be done with it. */
export function SavedCardRow({
  card,
  isDefault,
  busy,
  expiring = [],
  paysFor = [],
  onMakeDefault,
  onDelete,
}: {
  card: Card;
  isDefault: boolean;
  busy: boolean;
  /** The subscriptions this card pays whose next renewal falls after it expires. */
  expiring?: ExpiringCard[];
  /** The active subscriptions this card pays (its own card, or the default card of one without). */
  paysFor?: string[];
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const name = card.last4 ? `${brandLabel(card.brand)} ending in ${card.last4}` : 'new card';
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          {/* Only the token reached us: until Square has made the card, its brand and digits are unknown. */}
          {!card.last4 ? (
            <span className="font-semibold text-slate-900">New card</span>
          ) : (
            <CardLabel card={card} />
          )}
          <StatusBadge card={card} isDefault={isDefault} />
        </div>
        {paysFor.length > 0 && <p className="mt-2 text-sm text-slate-700">Pays {paysFor.join(', ')}</p>}
        {expiring.map((e) => (
          <p key={e.subscriptionId} className="mt-2 text-sm font-medium text-amber-900">
            Expires before the renewal of {e.serviceTitle} on {formatShortDate(e.dueDate)}.
          </p>
        ))}
        {card.status === 'Error' && (
          <p className="mt-2 text-sm text-red-700">
            {MESSAGES.cardSaveFailed} {card.failureReason}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        {card.usable && !isDefault && (
          <Button variant="secondary" disabled={busy} onClick={onMakeDefault} aria-label={`Make ${name} the default card`}>
            Make Default
          </Button>
        )}
        {card.status !== 'PendingSquareCreation' && (
          <Button variant="ghost" className="text-red-700" disabled={busy} onClick={onDelete} aria-label={`Delete ${name}`}>
            Delete
          </Button>
        )}
      </div>
    </li>
  );
}

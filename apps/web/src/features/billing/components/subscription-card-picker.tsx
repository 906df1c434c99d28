import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import type { Card } from '@portal/contracts/billing';
import type { Subscription } from '@portal/contracts/subscriptions';
import { LoadMore } from '@/components/ui/load-more';
import { useCard, useCards, useSetSubscriptionCard } from '@/features/billing/api/cards';
import { formatShortDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { cardExpiry, cardName } from './card-label';

/** Says whether the default card pays, or which is which when the subscription keeps a card of its own. */
function payingNote(s: Subscription, defaultCard: Card | null, paying: Card | undefined): string {
  if (!s.cardId || !paying || paying.id === defaultCard?.id) return 'Pays the renewals of this subscription. Your default card pays it unless you choose another here.';
  return `Pays the renewals of this subscription. Your default card${defaultCard ? ` (${cardName(defaultCard)})` : ''} pays new purchases; making another card the default does not change this one.`;
}

/**
 * Which saved card pays this subscription (its renewals, plan changes and pay now), chosen from the usable cards
 * read so far (the default first, more with "Load more cards"); flagged when that card expires before the next
 * renewal. The subscription's own card is read by itself, so that it shows as chosen whichever page holds it.
 */
export function SubscriptionCardPicker({ subscription: s }: { subscription: Subscription }) {
  const cards = useCards();
  const own = useCard(s.cardId).data;
  const choose = useSetSubscriptionCard(s.id);
  const loaded = cards.data?.cards.filter((c) => c.usable) ?? [];
  const usable = own?.usable && !loaded.some((c) => c.id === own.id) ? [...loaded, own] : loaded;
  const expiring = cards.data?.expiringBeforeRenewal.find((e) => e.subscriptionId === s.id);
  // Without a card of its own, the default card pays.
  const current = s.cardId && usable.some((c) => c.id === s.cardId) ? s.cardId : (cards.data?.defaultCardId ?? '');
  if (!cards.data) return null;
  return (
    <div className="mt-5 rounded-lg border border-slate-200 px-4 py-3">
      {usable.length === 0 ? (
        <p className="text-sm text-slate-700">
          No saved card pays this subscription.{' '}
          <Link to={paths.paymentMethods()} className="font-semibold text-brand-700 hover:underline">
            Add a card
          </Link>
        </p>
      ) : (
        <>
          <label htmlFor={`subscription-card-${s.id}`} className="block text-sm font-semibold text-slate-800">
            Card for this subscription
          </label>
          <select
            id={`subscription-card-${s.id}`}
            value={current}
            disabled={choose.isPending}
            onChange={(e) => choose.mutate(e.target.value)}
            className="mt-1 w-full max-w-sm rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {usable.map((card) => (
              <option key={card.id} value={card.id}>
                {/* Short enough for a phone: "Visa •••• 1111 (12/30) · Default". */}
                {`${cardName(card)} (${cardExpiry(card).replace('Expires ', '')})${card.id === cards.data.defaultCardId ? ' · Default' : ''}`}
              </option>
            ))}
          </select>
          <LoadMore list={cards} label="Load more cards" className="mt-2 max-w-sm" />
          <p className="mt-1 text-xs text-slate-600">
            {payingNote(s, cards.data.defaultCard, usable.find((c) => c.id === current))}{' '}
            <Link to={paths.paymentMethods()} className="font-semibold text-brand-700 hover:underline">
              Manage cards
            </Link>
          </p>
        </>
      )}
      {choose.isSuccess && !choose.isPending && (
        <p role="status" className="mt-2 text-sm font-medium text-green-800">
          Card updated.
        </p>
      )}
      {choose.error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {choose.error.message}
        </p>
      )}
      {expiring && (
        <p role="alert" className="mt-2 flex items-start gap-2 text-sm font-medium text-amber-900">
          <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          This card expires before the renewal on {formatShortDate(expiring.dueDate)}. Choose another card.
        </p>
      )}
    </div>
  );
}

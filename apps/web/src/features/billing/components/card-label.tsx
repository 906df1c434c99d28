import { CreditCard } from 'lucide-react';
import type { Card } from '@portal/contracts/billing';
import { brandLabel } from '@/lib/card-brand';

export const cardName = (card: Pick<Card, 'brand' | 'last4'>) => `${brandLabel(card.brand)} •••• ${card.last4 ?? '????'}`;

export const cardExpiry = (card: Pick<Card, 'expMonth' | 'expYear'>) =>
  card.expMonth && card.expYear ? `Expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}` : '';

/** "Visa •••• 1111  Expires 12/30", with a card icon. */
export function CardLabel({ card }: { card: Pick<Card, 'brand' | 'last4' | 'expMonth' | 'expYear'> }) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <CreditCard className="h-6 w-6 shrink-0 text-slate-600" aria-hidden="true" />
      <span className="min-w-0">
        <span className="block truncate font-semibold text-slate-900">{cardName(card)}</span>
        <span className="block text-sm text-slate-600">{cardExpiry(card)}</span>
      </span>
    </span>
  );
}

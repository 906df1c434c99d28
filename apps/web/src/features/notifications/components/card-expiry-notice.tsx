import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { cardExpiresBefore } from '@portal/contracts/notifications';
import { isActiveSubscriptionStatus, type Subscription } from '@portal/contracts/subscriptions';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';
import { brandLabel } from '@/lib/card-brand';
import { formatShortDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/**
 * The portal's side of the "card expiring" e-mail: on an active subscription whose card expires before the next
 * renewal, a notice with the way to a new card. The card is read by its id, not looked for among the saved cards
 * (a page of them may not hold it).
 */
export function CardExpiryNotice({ subscription: s }: { subscription: Subscription }) {
  const active = isActiveSubscriptionStatus(s.status) && Boolean(s.cardId);
  const card = useQuery({ ...routeQuery(routes.billing.getCard, { params: { id: s.cardId ?? '' } }), enabled: active, retry: false }).data;
  if (!active || !card || !cardExpiresBefore(card.expMonth, card.expYear, s.dueDate)) return null;
  return (
    <p className="mt-5 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
      {`Your ${brandLabel(card.brand)} •••• ${card.last4} expires ${String(card.expMonth).padStart(2, '0')}/${card.expYear}, before this subscription renews on ${formatShortDate(s.dueDate)}. Add a new card in `}
      <Link to={paths.paymentMethods()} className="font-semibold underline">
        Payment Methods
      </Link>
      .
    </p>
  );
}

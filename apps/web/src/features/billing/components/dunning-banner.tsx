import { useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { formatCents } from '@portal/contracts/money';
import type { Subscription } from '@portal/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { LoadMore } from '@/components/ui/load-more';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatShortDate } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCards } from '../api/cards';
import { usePaymentUntilSettled } from '../api/checkout';
import { usePayNow } from '../api/plan-change';
import { cardName } from './card-label';

/**
 * After a failed renewal (issue 17, dunning): what is owed, why, when we try again, and "Update card and pay now".
 * Shown on the dashboard and on the subscription; nothing when the subscription owes nothing.
 */
export function DunningBanner({ subscription: s }: { subscription: Subscription }) {
  // The amount owed when the dialog opened: the dialog stays to say the payment went through once nothing is owed.
  const [owed, setOwed] = useState<number | null>(null);
  const d = s.dunning;
  const dialog = owed !== null && (
    <PayNowDialog subscription={s} amount={owed} onClose={() => setOwed(null)} />
  );
  return (
    <>
      {d && (
        <div
          role="alert"
          className="mb-5 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
        >
          <p className="flex items-start gap-2 font-semibold">
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
            <span>
              Payment of {formatCents(d.amount)} for {s.serviceTitle} failed{d.reason ? `: ${d.reason}` : '.'}
            </span>
          </p>
          <p className="mt-1 pl-7">
            {d.nextRetryAt
              ? `We will try again on ${formatShortDate(d.nextRetryAt)}.`
              : 'This was the last automatic attempt.'}{' '}
            Pay now to keep your service running.
          </p>
          <div className="mt-3 pl-7">
            <Button onClick={() => setOwed(d.amount)}>Update card and pay now</Button>
          </div>
        </div>
      )}
      {dialog}
    </>
  );
}

function PayNowDialog({
  subscription: s,
  amount,
  onClose,
}: {
  subscription: Subscription;
  amount: number;
  onClose: () => void;
}) {
  const cards = useCards();
  const usable = (cards.data?.cards ?? []).filter((c) => c.usable);
  const [cardId, setCardId] = useState<string | null>(null);
  const chosen = cardId ?? usable[0]?.id ?? null;
  const pay = usePayNow(s.id);
  const payment = usePaymentUntilSettled(pay.data?.id ?? null);
  const status = payment.data?.status;

  return (
    <Dialog open onClose={onClose} className="max-w-md">
      <DialogTitle className="text-xl font-bold text-slate-900">Pay {formatCents(amount)} now</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600">
        {s.serviceTitle}: choose the card to charge. It will also pay this subscription from now on.
      </DialogDescription>
      {status === 'Complete' ? (
        <p role="status" className="mt-4 font-medium text-green-800">
          Payment received. Your subscription is active.
        </p>
      ) : (
        <>
          {usable.length === 0 && !cards.isPending ? (
            <p className="mt-4 text-sm">
              You have no card that can be charged.{' '}
              <Link to={paths.paymentMethods()} className="font-semibold text-brand-700 underline">
                Add a card in Payment Methods
              </Link>
              .
            </p>
          ) : (
            <fieldset className="mt-4 grid gap-2">
              <legend className="sr-only">Card</legend>
              {usable.map((c) => (
                <label
                  key={c.id}
                  className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2"
                >
                  <input
                    type="radio"
                    name="pay-card"
                    className="h-4 w-4 accent-brand-700"
                    checked={chosen === c.id}
                    onChange={() => setCardId(c.id)}
                  />
                  <span className="font-medium text-slate-900">{cardName(c)}</span>
                </label>
              ))}
              <LoadMore list={cards} label="Load more cards" className="mt-1" />
              <Link to={paths.paymentMethods()} className="text-sm font-semibold text-brand-700 underline">
                Add another card
              </Link>
            </fieldset>
          )}
          {status === 'Failed' && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {payment.data?.failureReason ?? 'The card was declined.'}
            </p>
          )}
          {pay.error && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {pay.error.message}
            </p>
          )}
        </>
      )}
      <div className="mt-5 flex justify-end gap-3">
        <DialogClose asChild>
          <Button variant="secondary">{status === 'Complete' ? 'Close' : 'Cancel'}</Button>
        </DialogClose>
        {status !== 'Complete' && (
          <Button
            disabled={!chosen || pay.isPending || status === 'Pending'}
            onClick={() => pay.mutate(chosen)}
          >
            {pay.isPending || status === 'Pending' ? 'Paying...' : `Pay ${formatCents(amount)}`}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

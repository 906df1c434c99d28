import { formatCents } from '@portal/contracts/money';
import { retentionOfferText, type PresentedOffer } from '@portal/contracts/retention';
import type { Subscription } from '@portal/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';

type Offer = NonNullable<PresentedOffer['offer']>;

/**
 * The offer the cancel flow shows once, before the reasons: accept it and stay, or decline and go on to cancel.
 * Closing the dialog (Escape, outside) leaves the subscription as it is.
 */
export function RetentionOfferDialog({
  subscription: s,
  offer,
  busy,
  error,
  onAccept,
  onDecline,
  onClose,
}: {
  subscription: Subscription;
  offer: Offer | null;
  busy: boolean;
  error: string | null;
  onAccept: () => void;
  onDecline: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={offer !== null} onClose={onClose} className="max-h-[90vh] max-w-md overflow-y-auto">
      {offer && (
        <>
          <DialogTitle className="text-xl font-bold text-slate-900">Before you go: {retentionOfferText(offer)}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-slate-600">
            Stay on {s.serviceTitle} and pay {formatCents(offer.discountedAmount)} instead of {formatCents(offer.amount)} for
            your next {offer.renewals === 1 ? 'payment' : `${offer.renewals} payments`}. After that, the usual price applies.
          </DialogDescription>
          {error && (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" disabled={busy} onClick={onDecline}>
              No thanks, continue to cancel
            </Button>
            <Button disabled={busy} onClick={onAccept}>
              {busy ? 'Applying...' : 'Accept offer'}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** An accepted offer still lowering the coming renewals. */
export function RetentionDiscountNote({ subscription: s }: { subscription: Subscription }) {
  if (!s.retentionDiscount) return null;
  return (
    <p className="mt-5 rounded-lg bg-green-50 px-4 py-3 text-sm font-semibold text-green-900">
      Offer applied: {retentionOfferText({ percentOff: s.retentionDiscount.percentOff, renewals: s.retentionDiscount.renewalsLeft })}.
    </p>
  );
}

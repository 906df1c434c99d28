import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { isActiveSubscriptionStatus, pendingChangeText, SUBSCRIPTION_CONFIRMATIONS, type Subscription } from '@portal/contracts/subscriptions';
import { Button, buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Page, StatusMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { reactivationCheckoutTarget } from '@/app/checkout-mode';
import { formatShortDate } from '@/lib/format';
import { useCancelSubscription, useChangeSubscription } from '@/features/subscriptions/api/subscriptions';
import { CancelReasonDialog } from '@/features/subscriptions/components/cancel-reason-dialog';
import { useSubscription } from '@/features/subscriptions/api/subscriptions';
import { SubscriptionFacts } from '@/features/subscriptions/components/subscription-facts';
import { PriceNotes } from '@/features/subscriptions/components/price-notes';
import { SubscriptionStatusBadge } from '@/features/subscriptions/components/subscription-status';
import { paths } from '@/lib/paths';
import { CardExpiryNotice } from '@/features/notifications/components/card-expiry-notice';
import { useUndoPlanChange } from '@/features/billing/api/plan-change';
import { DunningBanner } from '@/features/billing/components/dunning-banner';
import { SubscriptionCardPicker } from '@/features/billing/components/subscription-card-picker';
import { useDefaultCardName } from '@/features/billing/api/cards';
import { ChangePlanDialog } from '@/features/billing/components/plan-change/change-plan-dialog';
import { useAcceptRetentionOffer, usePresentRetentionOffer } from '@/features/subscriptions/api/pause-and-offer';
import { PauseButton, PausedNotice } from '@/features/subscriptions/components/pause-controls';
import { RetentionDiscountNote, RetentionOfferDialog } from '@/features/subscriptions/components/retention-offer';

const NOT_FOUND = 'Subscription not found.';
const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** One subscription: plan, price, status, dates, card; cancel and reactivate (spec §4). */
export function Component() {
  const { subscriptionId = '' } = useParams();
  const navigate = useNavigate();
  const subscription = useSubscription(subscriptionId);
  const missing = isNotFound(subscription.error);
  const alerted = useRef(false);

  useEffect(() => {
    if (!missing || alerted.current) return;
    alerted.current = true;
    window.alert(NOT_FOUND);
    void navigate(paths.mySubscriptions(), { replace: true });
  }, [missing, navigate]);

  return (
    <Page title="Subscription Details">
      <Link to={paths.mySubscriptions()} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        My Subscriptions
      </Link>
      <QueryState
        query={subscription}
        pending="Loading Subscription..."
        error={(error) =>
          // A missing subscription is announced with an alert on the way back to the list.
          isNotFound(error) ? <StatusMessage>Loading Subscription...</StatusMessage> : 'Could not load this subscription. Please try again later.'
        }
      >
        {(data) => <Details subscription={data} onCheckout={(to, state) => void navigate(to, { state })} />}
      </QueryState>
    </Page>
  );
}

function Details({ subscription: s, onCheckout }: { subscription: Subscription; onCheckout: (to: string, state: unknown) => void }) {
  const defaultCardName = useDefaultCardName();
  const cancel = useCancelSubscription(s.id);
  const [askingWhy, setAskingWhy] = useState(false);
  const [confirmingReactivation, setConfirmingReactivation] = useState(false);
  const reactivate = useChangeSubscription('reactivate');
  const undo = useUndoPlanChange(s.id);
  const [changing, setChanging] = useState(false);
  const present = usePresentRetentionOffer(s.id);
  const acceptOffer = useAcceptRetentionOffer(s.id);
  const [offer, setOffer] = useState<NonNullable<typeof present.data>['offer']>(null);
  const busy = cancel.isPending || reactivate.isPending || undo.isPending || present.isPending;
  const fail = (error: Error) => window.alert(`Error: ${error.message}`);

  // The cancel flow: the retention offer first when there is one for this subscription, then the reasons.
  function onCancelClicked() {
    acceptOffer.reset();
    present.mutate(undefined, {
      onSuccess: (answer) => (answer.offer ? setOffer(answer.offer) : setAskingWhy(true)),
      onError: () => setAskingWhy(true),
    });
  }

  function onReactivate() {
    if (s.reactivation === 'CHECKOUT') {
      const target = reactivationCheckoutTarget(s.serviceId, s.id);
      return onCheckout(target.to, target.state);
    }
    setConfirmingReactivation(true);
  }

  return (
    <Card>
      <DunningBanner subscription={s} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-slate-900">{s.serviceTitle}</h2>
        <SubscriptionStatusBadge subscription={s} />
      </div>
      <div className="mt-5">
        <SubscriptionFacts subscription={s} defaultCardName={defaultCardName} />
      </div>
      <PriceNotes subscription={s} />
      {isActiveSubscriptionStatus(s.status) && <SubscriptionCardPicker subscription={s} />}
      {s.pendingChange && (
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-brand-50 px-4 py-3 text-sm text-slate-900">
          <p className="font-semibold">{pendingChangeText(s.pendingChange.serviceTitle, formatShortDate(s.pendingChange.effectiveAt))}</p>
          <Button variant="secondary" disabled={busy} onClick={() => undo.mutate(undefined, { onError: fail })}>
            {undo.isPending ? 'Undoing...' : 'Undo change'}
          </Button>
        </div>
      )}
      <CardExpiryNotice subscription={s} />
      <PausedNotice subscription={s} />
      <RetentionDiscountNote subscription={s} />
      {s.status === 'CANCELLED' && s.reactivation === 'FREE' && (
        <p className="mt-5 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          Cancelled. Service ends on {formatShortDate(s.dueDate)}; you can reactivate at no extra charge until then.
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-5">
        {isActiveSubscriptionStatus(s.status) && (
          <>
            {!s.dunning && (
              <Button onClick={() => setChanging(true)} disabled={busy}>
                Change plan
              </Button>
            )}
            <Link to={paths.completionSteps(s.id)} className={buttonClass('secondary')}>
              View Setup Steps
            </Link>
            {!s.dunning && <PauseButton subscription={s} disabled={busy} />}
            <Button variant="danger" onClick={onCancelClicked} disabled={busy}>
              {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
            </Button>
          </>
        )}
        {s.status === 'PAUSED' && (
          <Button variant="danger" onClick={() => setAskingWhy(true)} disabled={busy}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel Subscription'}
          </Button>
        )}
        {s.reactivation && (
          <Button onClick={onReactivate} disabled={busy}>
            {reactivate.isPending ? 'Reactivating...' : 'Reactivate Subscription'}
          </Button>
        )}
      </div>
      <ChangePlanDialog subscription={s} open={changing} onClose={() => setChanging(false)} />
      <ConfirmDialog
        open={confirmingReactivation}
        question={SUBSCRIPTION_CONFIRMATIONS.reactivateFree}
        keepLabel="Not now"
        confirmLabel="Reactivate"
        busyLabel="Reactivating..."
        variant="primary"
        busy={reactivate.isPending}
        onClose={() => setConfirmingReactivation(false)}
        onConfirm={() => reactivate.mutate(s.id, { onSuccess: () => setConfirmingReactivation(false), onError: fail })}
      />
      <RetentionOfferDialog
        subscription={s}
        offer={offer}
        busy={acceptOffer.isPending}
        error={acceptOffer.error?.message ?? null}
        onAccept={() => acceptOffer.mutate(undefined, { onSuccess: () => setOffer(null) })}
        onDecline={() => (setOffer(null), setAskingWhy(true))}
        onClose={() => setOffer(null)}
      />
      <CancelReasonDialog
        open={askingWhy}
        serviceEndsAt={s.dueDate}
        busy={cancel.isPending}
        onClose={() => setAskingWhy(false)}
        onCancel={(why) => cancel.mutateAsync(why).then(() => setAskingWhy(false))}
      />
    </Card>
  );
}

import { useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { PromoResult } from '@portal/contracts/billing';
import { buttonClass } from '@/components/ui/button';
import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { readCheckoutMode } from '@/app/checkout-mode';
import { readHandoff } from '@/app/plan-handoff';
import { useCards } from '@/features/billing/api/cards';
import { useAppliedPromo } from '@/features/billing/api/checkout';
import { usePaymentsConfig } from '@/features/billing/api/payments-config';
import { usePlan } from '@/features/plans/api/plans';
import type { CardFormHandle } from '@/features/billing/components/card-form/card-form-handle';
import { OrderSummary } from '@/features/billing/components/checkout/order-summary';
import { MESSAGES } from '@/features/billing/components/messages';
import { NEW_CARD, PaymentMethodPicker } from '@/features/billing/components/checkout/payment-method-picker';
import { PlanReview } from '@/features/billing/components/checkout/plan-review';
import { PlanAlreadyHeld } from '@/features/billing/components/checkout/plan-already-held';
import { useActiveSubscriptions } from '@/features/subscriptions/api/subscriptions';
import { PromoCodeForm } from '@/features/billing/components/checkout/promo-code-form';
import { ResultDialog } from '@/features/billing/components/checkout/result-dialog';
import { usePurchase } from '@/features/billing/components/checkout/use-purchase';
import { paths } from '@/lib/paths';

/** Checkout (spec §2): review, promo code, payment method, totals, and the result modal. */
export function Component() {
  const location = useLocation();
  const { planId } = readHandoff(location.state, location.search);
  // Spec §2: without a plan in navigation state (or, here, the URL) checkout shows "...", with a way back to the
  // plans so that it is no dead end.
  if (!planId) {
    return (
      <div className="py-16 text-center">
        <p className="text-2xl text-slate-600">...</p>
        <Link to={paths.selectPlan()} className={buttonClass('secondary', 'mt-6')}>
          Choose a plan
        </Link>
      </div>
    );
  }
  return <Checkout key={planId} planId={planId} />;
}

function Checkout({ planId }: { planId: string }) {
  const location = useLocation();
  const { mode, subscriptionId } = readCheckoutMode(location.search);
  const plan = usePlan(planId);
  const config = usePaymentsConfig();
  const cards = useCards();
  // A plan already held is said before any card is asked for (a reactivation is of a subscription that is not active).
  const active = useActiveSubscriptions({ enabled: mode !== 'REACTIVATE_SUBSCRIPTION' });
  const held =
    mode === 'REACTIVATE_SUBSCRIPTION' ? undefined : active.data?.find((s) => s.serviceId === planId);
  const deciding = mode !== 'REACTIVATE_SUBSCRIPTION' && !active.complete && !active.isError;
  const usableCards = cards.data?.cards.filter((c) => c.usable);
  const [chosen, setChosen] = useState<string | null>(null);
  const [applied, setDeal] = useState<PromoResult | null>(null);
  // Staff may retire or change the code while the page is open: what it gives now, or why it no longer applies.
  const current = useAppliedPromo(applied, planId);
  const deal = current?.status === 'success' ? current : null;
  const withdrawn = current && current.status !== 'success' ? current.message : null;
  const cardForm = useRef<CardFormHandle>(null);
  const { purchase, busy, outcome, dismiss, fail } = usePurchase();

  // The default card (listed first) is preselected; a choice stays while it exists.
  const selected =
    chosen && (chosen === NEW_CARD || usableCards?.some((c) => c.id === chosen))
      ? chosen
      : (usableCards?.[0]?.id ?? NEW_CARD);
  const title = mode === 'REACTIVATE_SUBSCRIPTION' ? 'Reactivate Subscription' : 'Checkout';

  const ready = Boolean(config.data && cards.data);
  const pay = () => {
    const usingNewCard = selected === NEW_CARD;
    // The card form is what pays for a new card; without it there is nothing to take the payment.
    if (usingNewCard && !cardForm.current) return fail(MESSAGES.payButtonMissing);
    void purchase({
      planId,
      mode,
      subscriptionId,
      promoCode: deal?.promoCode ?? null,
      pay: usingNewCard ? { newCard: cardForm.current! } : { cardId: selected },
    });
  };

  return (
    <Page title={title}>
      <QueryState
        query={plan}
        pending="Loading checkout..."
        error={
          <>
            <ErrorMessage>This plan is not available. Please choose another plan.</ErrorMessage>
            <Link to={paths.selectPlan()} className={buttonClass('secondary', 'mt-6')}>
              Back to Plans
            </Link>
          </>
        }
      >
        {(plan) =>
          deciding ? (
            <StatusMessage>Loading checkout...</StatusMessage>
          ) : held && !outcome && !busy ? (
            <PlanAlreadyHeld plan={plan} subscriptionId={held.id} />
          ) : (
            <>
              <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
                <div className="space-y-6">
                  <PlanReview plan={plan} reactivating={mode === 'REACTIVATE_SUBSCRIPTION'} />
                  <PromoCodeForm
                    planId={plan.id}
                    amount={plan.amount}
                    applied={deal}
                    onApplied={setDeal}
                    notice={withdrawn}
                    disabled={busy}
                  />
                  <PaymentMethodPicker
                    config={config}
                    cards={{ ...cards, data: usableCards }}
                    more={cards}
                    selected={selected}
                    onSelect={setChosen}
                    cardForm={cardForm}
                    disabled={busy}
                  />
                </div>
                <div className="lg:sticky lg:top-6 lg:self-start">
                  <OrderSummary plan={plan} deal={deal} canPay={ready} busy={busy} onPay={pay} />
                </div>
              </div>
            </>
          )
        }
      </QueryState>
      {/* Outside the plan's content: the purchase that makes the plan held keeps its result on screen. */}
      <ResultDialog outcome={outcome} onClose={dismiss} />
    </Page>
  );
}

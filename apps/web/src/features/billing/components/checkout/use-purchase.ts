import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutMode } from '@portal/contracts/billing';
import { topicQueryKey, topics } from '@portal/contracts/topics';
import { useLoadingOverlay } from '@/components/ui/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';
import { sessionQueryKey } from '@/lib/session';
import { addCard } from '../../api/cards';
import { startCheckout, useCardUntilSaved, usePaymentUntilSettled } from '../../api/checkout';
import type { CardFormHandle } from '../card-form/card-form-handle';
import { MESSAGES } from '../messages';
import type { PurchaseOutcome } from './result-dialog';

export interface PurchaseInput {
  planId: string;
  mode: CheckoutMode;
  subscriptionId?: string;
  promoCode: string | null;
  /** A saved card's id, or the new-card form to save first. */
  pay: { cardId: string } | { newCard: CardFormHandle };
}

/** What the purchase waits for: a new card being saved at Square, or the payment being charged. */
type Waiting = { card: string; input: PurchaseInput } | { payment: string } | null;

/** After this long without an answer from the payment provider, the attempt is reported as failed. */
const SETTLE_TIMEOUT_MS = 120_000;

const newIdempotencyKey = () => crypto.randomUUID().replace(/-/g, '');
const failed = (message: string): PurchaseOutcome => ({ kind: 'error', message });

/**
 * The purchase: a new card is saved first (and its result awaited), then the payment is started under one
 * idempotency key per attempt and its result awaited live. A repeated click or a resent request after a network
 * failure reuses the key, so the server makes one payment and one charge. The card and the payment are read with
 * queries that poll while the server is still working and refetch at once when their live topic fires.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  const overlay = useLoadingOverlay();
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);
  const [waiting, setWaiting] = useState<Waiting>(null);
  const card = useCardUntilSaved(waiting && 'card' in waiting ? waiting.card : null);
  const payment = usePaymentUntilSettled(waiting && 'payment' in waiting ? waiting.payment : null);

  const finish = useCallback(
    (result: PurchaseOutcome | null) => {
      setWaiting(null);
      overlay.hide();
      setBusy(false);
      if (result) setOutcome(result);
    },
    [overlay],
  );

  const charge = useCallback(
    async (input: PurchaseInput, cardId: string) => {
      const request = { planId: input.planId, mode: input.mode, subscriptionId: input.subscriptionId, promoCode: input.promoCode, cardId };
      const fingerprint = JSON.stringify(request);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
      overlay.show('Processing your payment...');
      try {
        const started = await startCheckout({ ...request, idempotencyKey: attempt.current.key });
        setWaiting({ payment: started.id });
      } catch (error) {
        // Only a request that may not have arrived keeps its key for the next click.
        if (!(error instanceof ApiError && error.status === 0)) attempt.current = null;
        finish(failed(MESSAGES.paymentSubmitFailed));
      }
    },
    [overlay, finish],
  );

  // The new card is saved or refused: pay with it, or say why not.
  const savedCard = card.data;
  useEffect(() => {
    if (!waiting || !('card' in waiting)) return;
    if (card.isError) return finish(failed(MESSAGES.paymentSubmitFailed));
    if (!savedCard || savedCard.status === 'PendingSquareCreation') return;
    // A refused card still goes to checkout: the server records the attempt as a Failed payment with the reason,
    // which the result then shows (and Payment History keeps).
    if (savedCard.status !== 'Error' && (savedCard.status !== 'Complete' || !savedCard.usable)) {
      return finish(failed(savedCard.failureReason || MESSAGES.checkoutCardSaveFailed));
    }
    setWaiting(null);
    void charge(waiting.input, savedCard.id);
  }, [waiting, savedCard, card.isError, charge, finish]);

  // The payment is charged or refused: the result modal says which.
  const settledPayment = payment.data;
  useEffect(() => {
    if (!waiting || !('payment' in waiting)) return;
    if (payment.isError) return finish(failed(MESSAGES.paymentSubmitFailed));
    if (!settledPayment || settledPayment.status === 'Pending') return;
    attempt.current = null;
    if (settledPayment.status === 'Complete' && settledPayment.subscriptionId) {
      void refetchFirstPages(queryClient, topicQueryKey(topics.subscriptions));
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return finish({ kind: 'success', subscriptionId: settledPayment.subscriptionId });
    }
    finish(failed(settledPayment.failureReason || MESSAGES.paymentFailed));
  }, [waiting, settledPayment, payment.isError, queryClient, finish]);

  // No answer from the provider in time: the attempt failed (its key is kept, so a retry cannot charge twice).
  useEffect(() => {
    if (!waiting) return;
    const deadline = setTimeout(() => finish(failed(MESSAGES.paymentSubmitFailed)), SETTLE_TIMEOUT_MS);
    return () => clearTimeout(deadline);
  }, [waiting, finish]);

  async function saveNewCard(form: CardFormHandle, input: PurchaseInput) {
    let nonce: string | null;
    try {
      nonce = await form.tokenize();
    } catch (error) {
      const providerDown = error instanceof Error && error.message === MESSAGES.providerLoad;
      return finish(failed(providerDown ? MESSAGES.providerLoad : MESSAGES.checkoutCardSubmitFailed));
    }
    if (!nonce) return finish(null); // the form shows what to fix
    overlay.show('Saving your card...');
    try {
      setWaiting({ card: (await addCard(nonce)).id, input });
    } catch {
      finish(failed(MESSAGES.checkoutCardSubmitFailed));
    }
  }

  function purchase(input: PurchaseInput) {
    if (busy) return;
    setBusy(true);
    if ('newCard' in input.pay) void saveNewCard(input.pay.newCard, input);
    else void charge(input, input.pay.cardId);
  }

  return {
    purchase,
    busy,
    outcome,
    dismiss: () => setOutcome(null),
    fail: (message: string) => setOutcome(failed(message)),
  };
}

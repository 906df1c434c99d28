import { sessionQueryKey } from '@/lib/session';
import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutMode } from '@portal/contracts/billing';
import { useLoadingOverlay } from '@/components/ui/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { addCard } from '../../api/add-card';
import { cardsKey, getCard } from '../../api/get-cards';
import { getPayment, paymentsKey } from '../../api/get-payments';
import { startCheckout } from '../../api/start-checkout';
import { waitForSettled } from '../../api/wait-for-settled';
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

const newIdempotencyKey = () => crypto.randomUUID().replace(/-/g, '');

/**
 * The purchase: a new card is saved first (and its result awaited), then the payment is started under one
 * idempotency key per attempt and its result awaited live. A repeated click or a resent request after a network
 * failure reuses the key, so the server makes one payment and one charge.
 */
export function usePurchase() {
  const queryClient = useQueryClient();
  const overlay = useLoadingOverlay();
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<PurchaseOutcome | null>(null);

  async function saveNewCard(form: CardFormHandle): Promise<string | PurchaseOutcome | null> {
    let nonce: string | null;
    try {
      nonce = await form.tokenize();
    } catch (error) {
      const providerDown = error instanceof Error && error.message === MESSAGES.providerLoad;
      return { kind: 'error', message: providerDown ? MESSAGES.providerLoad : MESSAGES.checkoutCardSubmitFailed };
    }
    if (!nonce) return null; // the form shows what to fix
    overlay.show('Saving your card...');
    let pendingId: string;
    try {
      pendingId = (await addCard(nonce)).id;
    } catch {
      return { kind: 'error', message: MESSAGES.checkoutCardSubmitFailed };
    }
    const card = await waitForSettled(queryClient, [...cardsKey, pendingId], () => getCard(pendingId), (c) => c.status !== 'PendingSquareCreation');
    if (card.status !== 'Complete' || !card.usable) return { kind: 'error', message: card.failureReason || MESSAGES.checkoutCardSaveFailed };
    return card.id;
  }

  async function charge(input: PurchaseInput, cardId: string): Promise<PurchaseOutcome> {
    const request = { planId: input.planId, mode: input.mode, subscriptionId: input.subscriptionId, promoCode: input.promoCode, cardId };
    const fingerprint = JSON.stringify(request);
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
    overlay.show('Processing your payment...');
    let paymentId: string;
    try {
      paymentId = (await startCheckout({ ...request, idempotencyKey: attempt.current.key })).id;
    } catch (error) {
      // Only a request that may not have arrived keeps its key for the next click.
      if (!(error instanceof ApiError && error.status === 0)) attempt.current = null;
      return { kind: 'error', message: MESSAGES.paymentSubmitFailed };
    }
    const payment = await waitForSettled(queryClient, [...paymentsKey, paymentId], () => getPayment(paymentId), (p) => p.status !== 'Pending');
    attempt.current = null;
    if (payment.status === 'Complete' && payment.subscriptionId) {
      void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      return { kind: 'success', subscriptionId: payment.subscriptionId };
    }
    return { kind: 'error', message: payment.failureReason || MESSAGES.paymentFailed };
  }

  async function purchase(input: PurchaseInput) {
    if (busy) return;
    setBusy(true);
    try {
      let cardId: string;
      if ('newCard' in input.pay) {
        const saved = await saveNewCard(input.pay.newCard);
        if (saved === null) return;
        if (typeof saved !== 'string') return setOutcome(saved);
        cardId = saved;
      } else {
        cardId = input.pay.cardId;
      }
      setOutcome(await charge(input, cardId));
    } catch {
      setOutcome({ kind: 'error', message: MESSAGES.paymentSubmitFailed });
    } finally {
      overlay.hide();
      setBusy(false);
    }
  }

  return {
    purchase,
    busy,
    outcome,
    dismiss: () => setOutcome(null),
    fail: (message: string) => setOutcome({ kind: 'error', message }),
  };
}

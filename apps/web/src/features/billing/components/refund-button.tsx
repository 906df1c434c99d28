import { useState } from 'react';
import type { Payment } from '@portal/contracts/billing';
import { formatCents } from '@portal/contracts/money';
import { centsToDollars, dollarsProblem, dollarsToCents } from '@portal/contracts/plans';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { useRefundPayment } from '../api/staff-payments';
import { ReasonField } from '@/components/ui/reason-field';

const newKey = () => crypto.randomUUID().replace(/-/g, '');

/**
 * "Refund" beside a completed card payment with something left to refund: the amount (all that is left, or part of
 * it) and the reason, confirmed in the console's dialog. The reason is shown to the customer on the receipt and in
 * the refund e-mail. One idempotency key per opening: a second click of the same refund refunds once.
 */
export function RefundButton({ payment }: { payment: Payment }) {
  const left = payment.amount - payment.refunded;
  const refund = useRefundPayment(payment.id);
  const [open, setOpen] = useState(false);
  const [dollars, setDollars] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [touched, setTouched] = useState(false);
  if (payment.status !== 'Complete' || left <= 0) return null;

  const cents = dollarsToCents(dollars);
  const amountProblem =
    dollarsProblem(dollars, 'A refund', { cents: 1, message: 'Enter a refund of at least $0.01.' }) ??
    (cents > left ? `At most ${formatCents(left)} is left to refund.` : null);
  const reasonProblem = reason.trim() ? null : 'Please say why.';
  const start = () => {
    setDollars(centsToDollars(left));
    setReason('');
    setKey(newKey());
    setTouched(false);
    refund.reset();
    setOpen(true);
  };
  const failure = refund.error instanceof ApiError ? refund.error.message : refund.error ? 'Could not refund. Please try again.' : null;
  return (
    <>
      <Button variant="secondary" onClick={start} aria-label={`Refund the ${payment.serviceTitle} payment of ${formatCents(payment.amount)}`}>
        Refund
      </Button>
      <ConfirmDialog
        open={open}
        question="Refund this payment?"
        description={`${payment.serviceTitle}, paid ${formatCents(payment.amount)}. ${formatCents(left)} can still be refunded to the ${payment.cardBrand ?? 'card'} •••• ${payment.cardLast4 ?? ''}.`}
        confirmLabel={amountProblem ? 'Refund' : `Refund ${formatCents(cents)}`}
        busyLabel="Refunding..."
        busy={refund.isPending}
        error={failure}
        onClose={() => setOpen(false)}
        onConfirm={() => {
          setTouched(true);
          if (amountProblem || reasonProblem) return;
          refund.mutate({ amount: cents, reason: reason.trim(), idempotencyKey: key }, { onSuccess: () => setOpen(false) });
        }}
      >
        <label htmlFor={`refund-amount-${payment.id}`} className="block text-sm font-semibold text-slate-800">
          Amount to refund (dollars)
        </label>
        <input
          id={`refund-amount-${payment.id}`}
          inputMode="decimal"
          value={dollars}
          onChange={(e) => setDollars(e.target.value)}
          aria-invalid={touched && amountProblem ? true : undefined}
          aria-describedby={touched && amountProblem ? `refund-amount-${payment.id}-error` : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
        {touched && amountProblem && (
          <p id={`refund-amount-${payment.id}-error`} className="mt-1 text-sm text-red-700">
            {amountProblem}
          </p>
        )}
        <ReasonField id={`refund-reason-${payment.id}`} label="Reason (the customer sees it)" value={reason} onChange={setReason} problem={touched ? reasonProblem : null} />
      </ConfirmDialog>
    </>
  );
}

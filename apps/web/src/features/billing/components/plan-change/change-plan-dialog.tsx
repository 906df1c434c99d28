import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CheckCircle2, XCircle } from 'lucide-react';
import { changePlanRequestSchema, type ChangePlanRequest, type PlanOption } from '@portal/contracts/billing';
import { formatCents } from '@portal/contracts/money';
import { pendingChangeText, type Subscription } from '@portal/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { QueryState } from '@/components/ui/query-state';
import { formatShortDate } from '@/lib/format';
import { usePaymentUntilSettled } from '../../api/checkout';
import { useChangePlan, usePlanOptions } from '../../api/plan-change';
import { promoCodeSchema, type PromoCodeInput } from '../checkout/promo-code-form';
import { PendingChangeNote } from './pending-change-note';

const signed = (cents: number) => (cents === 0 ? 'Same price' : `${cents > 0 ? '+' : '−'}${formatCents(Math.abs(cents))}`);

/** The dialog's last word: the upgrade's payment as it settles, or the downgrade as scheduled. */
type Outcome = { kind: 'upgrade'; paymentId: string; title: string } | { kind: 'downgrade'; text: string };

/**
 * Change plan (issue 17): the visible plans with the price difference per period; an upgrade shows the prorated
 * charge now (server-computed, rounding stated) and takes a promo code; a downgrade shows the date it applies.
 * The plan form holds the plan chosen and the code applied (the contract's change request); the promo form, the
 * code as typed until it is applied.
 */
export function ChangePlanDialog({ subscription: s, open, onClose }: { subscription: Subscription; open: boolean; onClose: () => void }) {
  const plan = useForm<ChangePlanRequest, unknown, z.output<typeof changePlanRequestSchema>>({
    resolver: zodResolver(changePlanRequestSchema),
    defaultValues: { planId: '', promoCode: null },
  });
  const promo = useForm<PromoCodeInput>({ resolver: zodResolver(promoCodeSchema), defaultValues: { promoCode: '' } });
  const [selected, promoCode] = plan.watch(['planId', 'promoCode']);
  const typed = promo.watch('promoCode');
  const promoError = promo.formState.errors.promoCode?.message;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const options = usePlanOptions(s.id, promoCode ?? undefined, open && outcome === null);
  const change = useChangePlan(s.id);
  // A double click sends once (the server would answer the same payment anyway).
  const sending = useRef(false);

  function close() {
    setOutcome(null);
    plan.reset();
    promo.reset();
    change.reset();
    onClose();
  }

  const applyPromo = promo.handleSubmit(({ promoCode: code }) => plan.setValue('promoCode', code));

  const confirm = (option: PlanOption) =>
    plan.handleSubmit(async ({ planId, promoCode: applied }) => {
      if (sending.current) return;
      sending.current = true;
      try {
        const result = await change.mutateAsync({ planId, promoCode: option.kind === 'upgrade' && option.promo?.status === 'success' ? applied : null });
        setOutcome(
          result.payment
            ? { kind: 'upgrade', paymentId: result.payment.id, title: option.title }
            : { kind: 'downgrade', text: pendingChangeText(option.title, formatShortDate(option.effectiveAt)) },
        );
      } catch (error) {
        plan.setError('root.server', { message: error instanceof Error ? error.message : String(error) });
      } finally {
        sending.current = false;
      }
    })();

  return (
    // While the change is being sent, a click outside (a double click's second click once the form has changed
    // under the pointer) must not dismiss the dialog: the customer would never see the charge's outcome.
    <Dialog open={open} onClose={() => !sending.current && close()} className="max-h-[90vh] max-w-lg overflow-y-auto">
      <DialogTitle className="text-xl font-bold text-slate-900">Change plan</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600">
        You are on {s.serviceTitle} ({formatCents(s.amount)} / {s.recurring}). Upgrades apply now; downgrades on {formatShortDate(s.dueDate)}.
      </DialogDescription>
      {s.pendingChange && !outcome && <PendingChangeNote subscription={s} pendingChange={s.pendingChange} />}
      {outcome ? (
        <OutcomeView outcome={outcome} onClose={close} />
      ) : (
        <QueryState query={options} pending="Loading plans..." error="Could not load the plans. Please try again later.">
          {(data) => {
            const chosen = data.options.find((o) => o.planId === selected && o.kind !== 'current' && o.planId !== s.pendingChange?.serviceId) ?? null;
            return (
              <>
                <fieldset className="mt-4">
                  <legend className="sr-only">Plans</legend>
                  <ul className="grid gap-2">
                    {data.options.map((o) => (
                      <li key={o.planId}>
                        <label
                          className={`flex cursor-pointer items-center justify-between gap-3 rounded-xl border px-4 py-3 ${
                            o.kind === 'current' ? 'cursor-default border-slate-200 bg-slate-50' : selected === o.planId ? 'border-brand-700 ring-2 ring-brand-700/30' : 'border-slate-300'
                          }`}
                        >
                          <span className="flex items-center gap-3">
                            <input
                              type="radio"
                              value={o.planId}
                              disabled={o.kind === 'current' || o.planId === s.pendingChange?.serviceId}
                              {...plan.register('planId')}
                              className="h-4 w-4 accent-brand-700"
                            />
                            <span>
                              <span className="block font-semibold text-slate-900">{o.title}</span>
                              <span className="block text-sm text-slate-600">
                                {formatCents(o.amount)} / {o.recurring}
                              </span>
                            </span>
                          </span>
                          <span className="text-right text-sm font-semibold text-slate-800">
                            {o.kind === 'current'
                              ? 'Current plan'
                              : o.planId === s.pendingChange?.serviceId
                                ? 'Scheduled'
                                : `${signed(o.priceDifference)} / ${o.recurring}`}
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
                {chosen?.kind === 'upgrade' && (
                  <div className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-800">
                    <p className="text-base font-semibold text-slate-900" data-testid="charge-now">
                      Charged now: {formatCents(chosen.chargeNow)}
                    </p>
                    <p className="mt-1">
                      {chosen.title} from today; {chosen.remainingDays} of {chosen.periodDays} days left in this period.
                      {chosen.discount > 0 && ` Promo ${chosen.promo?.promoCode}: −${formatCents(chosen.discount)} (before: ${formatCents(chosen.subtotal)}).`}
                    </p>
                    <p className="mt-1 text-slate-600">{data.rounding}</p>
                    <form className="mt-3 flex gap-2" noValidate onSubmit={(e) => void applyPromo(e)}>
                      <label className="sr-only" htmlFor="change-plan-promo">
                        Promo code
                      </label>
                      <input
                        id="change-plan-promo"
                        {...promo.register('promoCode')}
                        placeholder="Promo code"
                        aria-invalid={promoError ? true : undefined}
                        aria-describedby={promoError ? 'change-plan-promo-error' : undefined}
                        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
                      />
                      <Button type="submit" variant="secondary" disabled={!typed.trim() || options.isFetching}>
                        Apply
                      </Button>
                    </form>
                    {promoError && (
                      <p id="change-plan-promo-error" className="mt-2 text-red-700">
                        {promoError}
                      </p>
                    )}
                    {chosen.promo && <p className={`mt-2 ${chosen.promo.status === 'success' ? 'text-green-800' : 'text-red-700'}`}>{chosen.promo.message}</p>}
                  </div>
                )}
                {chosen?.kind === 'downgrade' && (
                  <p className="mt-4 rounded-xl bg-slate-50 p-4 text-sm text-slate-800">
                    {pendingChangeText(chosen.title, formatShortDate(chosen.effectiveAt))}. You keep {s.serviceTitle} until then and can undo the
                    change before that date. Nothing is charged now.
                  </p>
                )}
                {plan.formState.errors.root?.server && (
                  <p role="alert" className="mt-3 text-sm font-medium text-red-700">
                    {plan.formState.errors.root.server.message}
                  </p>
                )}
                <div className="mt-5 flex flex-wrap justify-end gap-3">
                  <DialogClose asChild>
                    <Button variant="secondary">Cancel</Button>
                  </DialogClose>
                  <Button disabled={!chosen || change.isPending || options.isFetching} onClick={() => chosen && void confirm(chosen)}>
                    {change.isPending
                      ? 'Working...'
                      : chosen?.kind === 'upgrade'
                        ? `Upgrade and pay ${formatCents(chosen.chargeNow)}`
                        : chosen?.kind === 'downgrade'
                          ? `Change on ${formatShortDate(chosen.effectiveAt)}`
                          : 'Choose a plan'}
                  </Button>
                </div>
              </>
            );
          }}
        </QueryState>
      )}
    </Dialog>
  );
}

function OutcomeView({ outcome, onClose }: { outcome: Outcome; onClose: () => void }) {
  const payment = usePaymentUntilSettled(outcome.kind === 'upgrade' ? outcome.paymentId : null);
  let icon = <CheckCircle2 className="h-6 w-6 text-green-700" aria-hidden="true" />;
  let text: string;
  if (outcome.kind === 'downgrade') text = outcome.text;
  else if (payment.data?.status === 'Complete') text = `Your plan is now ${outcome.title}. Paid ${formatCents(payment.data.amount)}.`;
  else if (payment.data?.status === 'Failed') {
    icon = <XCircle className="h-6 w-6 text-red-700" aria-hidden="true" />;
    text = `The upgrade was not paid: ${payment.data.failureReason ?? 'the card was declined'}`;
  } else text = 'Processing your payment...';
  return (
    <div className="mt-5">
      <p role="status" className="flex items-start gap-3 text-base font-medium text-slate-900">
        {icon}
        <span>{text}</span>
      </p>
      <div className="mt-5 flex justify-end">
        <Button onClick={onClose}>Done</Button>
      </div>
    </div>
  );
}

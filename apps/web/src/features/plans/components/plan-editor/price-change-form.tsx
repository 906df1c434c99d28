import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatCents } from '@portal/contracts/money';
import {
  dayInputToMs,
  earliestEffectiveDay,
  MIN_NOTICE_DAYS,
  msToDayInput,
  PRICE_CHANGE_REMINDER_DAYS,
  priceChangeFormSchema,
  type PriceChangeForm as PriceChangeFormValues,
} from '@portal/contracts/price-changes';
import { routes } from '@portal/contracts/routes';
import { dollarsToCents, type StaffPlan } from '@portal/contracts/plans';
import { TextField } from '@/components/ui/text-field';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { api, ApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { usePlanChanges } from '../../api/plan-editor';
import { useEditorForm } from '@/components/editor';

const { schedulePriceChange, listStaffPlans } = routes.plans;

/**
 * Announce a new price for a plan: the day is at least 30 days away (the server says so in words otherwise), and
 * saving mails every subscriber at once.
 */
export function PriceChangeForm({ plan, onDone }: { plan: StaffPlan; onDone: () => void }) {
  const queryClient = useQueryClient();
  const schedule = useMutation({
    mutationFn: (body: { amount: number; effectiveAt: number }) => api(schedulePriceChange, { params: { planId: plan.id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [listStaffPlans.topic] }),
  });
  const earliest = msToDayInput(earliestEffectiveDay(Date.now()));
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<PriceChangeFormValues>(
    priceChangeFormSchema,
    { dollars: '', effectiveDay: earliest },
    'Could not schedule the price change. Please try again.',
    onDone,
  );
  const submit = handleSubmit((form) =>
    editor.save(() => schedule.mutateAsync({ amount: dollarsToCents(form.dollars), effectiveAt: dayInputToMs(form.effectiveDay) })),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">
        {plan.title} costs {formatCents(plan.amount)} / {plan.recurring} now. Subscribers are e-mailed as soon as you save, and again{' '}
        {PRICE_CHANGE_REMINDER_DAYS} days before the day; each renews at the new price from its first renewal on or after it. The Terms
        promise at least {MIN_NOTICE_DAYS} days of notice.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="price-change-dollars" label="New price (US dollars)" inputMode="decimal" registration={register('dollars')} error={errors.dollars?.message} />
        <TextField id="price-change-day" label={`Takes effect on (UTC, ${MIN_NOTICE_DAYS} days or more ahead)`} type="date" min={earliest} registration={register('effectiveDay')} error={errors.effectiveDay?.message} />
      </div>
      {editor.actions('Schedule price change', formState.isSubmitting)}
    </form>
  );
}

/** Takes back a plan's waiting price change, after saying what follows: every subscriber told hears that it stays. */
export function WithdrawPriceChange({ plan }: { plan: StaffPlan }) {
  const [asking, setAsking] = useState(false);
  const { withdrawPrice } = usePlanChanges();
  const change = plan.priceChange;
  if (!change) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)} aria-label={`Withdraw the price change of ${plan.title}`}>
        Withdraw price change
      </Button>
      <ConfirmDialog
        open={asking}
        question={`Withdraw the new price of ${plan.title}?`}
        description={`${plan.title} will not change to ${formatCents(change.amount)} on ${formatShortDate(change.effectiveAt)}. Every subscriber told of it gets an e-mail that their price stays ${formatCents(plan.amount)}.`}
        confirmLabel="Withdraw"
        busyLabel="Withdrawing..."
        keepLabel="Keep it"
        busy={withdrawPrice.isPending}
        error={withdrawPrice.error ? (withdrawPrice.error instanceof ApiError ? withdrawPrice.error.message : 'Could not withdraw. Please try again.') : null}
        onClose={() => {
          setAsking(false);
          withdrawPrice.reset();
        }}
        onConfirm={() => withdrawPrice.mutate(plan.id, { onSuccess: () => setAsking(false) })}
      />
    </>
  );
}

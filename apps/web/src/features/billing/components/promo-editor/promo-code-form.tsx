import {
  MAX_DURATION_MONTHS,
  MAX_PERCENT,
  PROMO_DURATION_LABELS,
  PROMO_DURATIONS,
  promoCodeFormSchema,
  promoCodeFromForm,
  promoCodeToForm,
  type PromoCodeForm as PromoCodeFormValues,
  type StaffPromoCode,
} from '@portal/contracts/billing';
import type { StaffPlan } from '@portal/contracts/plans';
import { useEditorForm } from '@/components/editor';
import { ErrorMessage } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { usePromoCodeChanges } from '../../api/promo-editor';

/** Epoch milliseconds as a `datetime-local` input's text, in the viewer's time zone ("2026-11-30T17:00"). */
function localDateTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

const EMPTY: PromoCodeFormValues = { code: '', type: 'percent', value: '', active: true, expires: '', planIds: [], maxRedemptions: '', duration: 'once', durationMonths: '', maxPerCustomer: '' };

/** The staff plans list as the console page reads it: the plans a code may apply to. */
type PlansQuery = { isError: boolean; data?: { plans: StaffPlan[] } | undefined };

/** Create or edit a promo code: percent as typed, an amount typed in dollars and stored in cents. */
export function PromoCodeForm({ promo, plans, onDone }: { promo?: StaffPromoCode; plans: PlansQuery; onDone: () => void }) {
  const { create, update } = usePromoCodeChanges();
  const { register, handleSubmit, watch, formState, errors, editor } = useEditorForm<PromoCodeFormValues>(
    promoCodeFormSchema,
    promo ? promoCodeToForm(promo, localDateTime) : EMPTY,
    'Could not save the promo code. Please try again.',
    onDone,
  );
  const percent = watch('type') === 'percent';
  const months = watch('duration') === 'months';
  const submit = handleSubmit((form) => {
    const body = promoCodeFromForm(form);
    return editor.save(() => (promo ? update.mutateAsync({ code: promo.code, body }) : create.mutateAsync({ code: form.code, ...body })));
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField
        id="promo-code"
        label="Code"
        readOnly={Boolean(promo)}
        autoComplete="off"
        className="[&_input]:uppercase [&_input]:read-only:bg-slate-100"
        registration={register('code')}
        error={errors.code?.message}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="promo-type" className="mb-1 block text-sm font-medium text-slate-800">Kind</label>
          <select id="promo-type" {...register('type')} className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base">
            <option value="percent">Percent off</option>
            <option value="amount">Amount off</option>
          </select>
        </div>
        <TextField
          id="promo-value"
          label={percent ? `Percent off (1 to ${MAX_PERCENT})` : 'Amount off (US dollars)'}
          inputMode={percent ? 'numeric' : 'decimal'}
          registration={register('value')}
          error={errors.value?.message}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="promo-duration" className="mb-1 block text-sm font-medium text-slate-800">Discount lasts</label>
          <select id="promo-duration" {...register('duration')} className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base">
            {PROMO_DURATIONS.map((duration) => (
              <option key={duration} value={duration}>{PROMO_DURATION_LABELS[duration]}</option>
            ))}
          </select>
        </div>
        {months && (
          <TextField
            id="promo-duration-months"
            label={`Months (1 to ${MAX_DURATION_MONTHS}, from the first payment)`}
            inputMode="numeric"
            registration={register('durationMonths')}
            error={errors.durationMonths?.message}
          />
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="promo-expires" label="Expires (empty: never)" type="datetime-local" registration={register('expires')} error={errors.expires?.message} />
        <TextField
          id="promo-max"
          label="Max redemptions (empty: no limit)"
          inputMode="numeric"
          registration={register('maxRedemptions')}
          error={errors.maxRedemptions?.message}
        />
        <TextField
          id="promo-max-per-customer"
          label="Uses per customer (empty: no limit)"
          inputMode="numeric"
          registration={register('maxPerCustomer')}
          error={errors.maxPerCustomer?.message}
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">Plans it applies to</legend>
        <p className="mb-2 text-xs text-slate-600">None ticked: every plan.</p>
        {plans.isError && <ErrorMessage>Could not load the plans.</ErrorMessage>}
        <ul className="grid gap-1 sm:grid-cols-2">
          {plans.data?.plans.map((plan) => (
            <li key={plan.id}>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" value={plan.id} {...register('planIds')} className="h-4 w-4" />
                {plan.title}
                {!plan.visible && <span className="text-xs text-slate-600">(hidden)</span>}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...register('active')} className="h-4 w-4" /> Active (customers can use it)
      </label>
      {promo && (
        <p className="text-sm text-slate-700">
          Redeemed {promo.redemptions === 1 ? 'once' : `${promo.redemptions} times`} so far.
        </p>
      )}
      {editor.actions(promo ? 'Save promo code' : 'Create promo code', formState.isSubmitting)}
    </form>
  );
}

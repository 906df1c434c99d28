import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { promoRequestSchema, type PromoResult } from '@portal/contracts/billing';
import { Button } from '@/components/ui/button';
import { validatePromo } from '../../api/checkout';
import { MESSAGES } from '../messages';
import { Section } from '../section';

/** The code as typed, trimmed; the plan and amount come from the page (the contract's promo request). */
export const promoCodeSchema = promoRequestSchema.pick({ promoCode: true }).extend({
  promoCode: promoRequestSchema.shape.promoCode.trim().min(1),
});
export type PromoCodeInput = z.input<typeof promoCodeSchema>;

/**
 * Promo Code (spec §2, §5): a blank code does nothing; input and button are disabled while checking and once a
 * code is applied; the server checks the code and its message is shown as it is.
 */
export function PromoCodeForm({
  planId,
  amount,
  applied,
  onApplied,
  disabled,
  notice,
}: {
  planId: string;
  amount: number;
  applied: PromoResult | null;
  onApplied: (result: PromoResult | null) => void;
  disabled?: boolean;
  /** Why an applied code no longer applies (staff retired or changed it while the page was open). */
  notice?: string | null;
}) {
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<PromoCodeInput>({
    resolver: zodResolver(promoCodeSchema),
    defaultValues: { promoCode: '' },
  });
  const checking = formState.isSubmitting;
  const [error, setError] = useState<string | null>(null);
  const locked = checking || applied !== null || Boolean(disabled);

  // A blank code does nothing; one too long to be a code is refused like any code the server cannot accept.
  const apply = handleSubmit(
    async ({ promoCode }) => {
      if (locked) return;
      setError(null);
      try {
        const result = await validatePromo({ promoCode, serviceId: planId, serviceAmount: amount });
        if (result.status === 'success') onApplied(result);
        else setError(result.message || MESSAGES.promo);
      } catch {
        setError(MESSAGES.promo);
      }
    },
    (errors) => {
      if (errors.promoCode?.type !== 'too_small') setError(MESSAGES.promo);
    },
  );

  return (
    <Section title="Promo Code">
      <form onSubmit={apply} className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Promo code
        </label>
        <input
          id={id}
          {...register('promoCode')}
          disabled={locked}
          placeholder="Enter promo code"
          autoComplete="off"
          aria-describedby={error || notice || applied ? `${id}-message` : undefined}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base uppercase shadow-sm placeholder:normal-case focus:border-brand-600 disabled:bg-slate-100"
        />
        <Button type="submit" variant="secondary" disabled={locked} className="sm:w-32">
          {checking ? 'Checking...' : 'Apply'}
        </Button>
      </form>
      <div id={`${id}-message`} aria-live="polite">
        {(error ?? notice) && <p className="mt-2 text-sm font-medium text-red-700">{error ?? notice}</p>}
        {applied && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm font-medium text-green-800">
            {applied.message} ({applied.promoCode})
            <button
              type="button"
              className="font-semibold text-slate-700 underline underline-offset-2 disabled:no-underline"
              disabled={disabled}
              onClick={() => {
                onApplied(null);
                reset();
              }}
            >
              Remove
            </button>
          </p>
        )}
      </div>
    </Section>
  );
}

import { useId, useState, type FormEvent } from 'react';
import type { PromoResult } from '@portal/contracts/billing';
import { Button } from '@/components/ui/button';
import { validatePromo } from '../../api/payments';
import { MESSAGES } from '../messages';
import { Section } from '../section';

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
}: {
  planId: string;
  amount: number;
  applied: PromoResult | null;
  onApplied: (result: PromoResult | null) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const locked = checking || applied !== null || Boolean(disabled);

  async function apply(event: FormEvent) {
    event.preventDefault();
    const promoCode = code.trim();
    if (!promoCode || locked) return;
    setChecking(true);
    setError(null);
    try {
      const result = await validatePromo({ promoCode, serviceId: planId, serviceAmount: amount });
      if (result.status === 'success') onApplied(result);
      else setError(result.message || MESSAGES.promo);
    } catch {
      setError(MESSAGES.promo);
    } finally {
      setChecking(false);
    }
  }

  return (
    <Section title="Promo Code">
      <form onSubmit={apply} className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor={id} className="sr-only">
          Promo code
        </label>
        <input
          id={id}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={locked}
          placeholder="Enter promo code"
          autoComplete="off"
          aria-describedby={error || applied ? `${id}-message` : undefined}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base uppercase shadow-sm placeholder:normal-case focus:border-brand-600 disabled:bg-slate-100"
        />
        <Button type="submit" variant="secondary" disabled={locked} className="sm:w-32">
          {checking ? 'Checking...' : 'Apply'}
        </Button>
      </form>
      <div id={`${id}-message`} aria-live="polite">
        {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
        {applied && (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm font-medium text-green-800">
            {applied.message} ({applied.promoCode})
            <button
              type="button"
              className="font-semibold text-slate-700 underline underline-offset-2 disabled:no-underline"
              disabled={disabled}
              onClick={() => {
                onApplied(null);
                setCode('');
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

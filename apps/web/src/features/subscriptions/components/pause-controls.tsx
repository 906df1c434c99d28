import { useState } from 'react';
import { PAUSE_MONTHS } from '@portal/contracts/retention';
import type { Subscription } from '@portal/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatShortDate } from '@/lib/format';
import { usePauseSubscription, useResumeSubscription } from '@/features/subscriptions/api/pause-and-offer';

type Months = (typeof PAUSE_MONTHS)[number];
const monthsLabel = (months: number) => (months === 1 ? '1 month' : `${months} months`);

/** `ms` moved by whole UTC months, on the same day or the month's last (as the server moves a due date). */
function plusMonths(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  d.setUTCDate(Math.min(day, new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()));
  return d.getTime();
}

/** "Pause subscription" and its dialog: 1, 2 or 3 months, each with the next payment date it leads to. */
export function PauseButton({ subscription: s, disabled }: { subscription: Subscription; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [months, setMonths] = useState<Months>(1);
  const pause = usePauseSubscription(s.id);
  return (
    <>
      <Button variant="secondary" disabled={disabled || pause.isPending} onClick={() => (setMonths(1), pause.reset(), setOpen(true))}>
        Pause subscription
      </Button>
      <ConfirmDialog
        open={open}
        question="Pause this subscription?"
        description="Nothing is charged while it is paused, and your apps, website and portal stay as they are. It resumes by itself after the time you choose, or earlier whenever you like."
        keepLabel="Not now"
        confirmLabel={`Pause for ${monthsLabel(months)}`}
        busyLabel="Pausing..."
        variant="primary"
        busy={pause.isPending}
        error={pause.error?.message ?? null}
        onClose={() => setOpen(false)}
        onConfirm={() => pause.mutate(months, { onSuccess: () => setOpen(false) })}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Pause for</legend>
          {PAUSE_MONTHS.map((m) => (
            <label key={m} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
              <input type="radio" name="pause-months" value={m} checked={months === m} onChange={() => setMonths(m)} className="h-4 w-4 accent-brand-700" />
              <span>
                <span className="font-semibold">{monthsLabel(m)}</span>
                <span className="block text-xs text-slate-600">Next payment moves to {formatShortDate(plusMonths(s.dueDate, m))}</span>
              </span>
            </label>
          ))}
        </fieldset>
      </ConfirmDialog>
    </>
  );
}

/** A paused subscription: until when, the payment after it, and "Resume now". */
export function PausedNotice({ subscription: s }: { subscription: Subscription }) {
  const resume = useResumeSubscription(s.id);
  if (s.status !== 'PAUSED' || !s.pause) return null;
  return (
    <div className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-slate-900">
      <div>
        <p className="font-semibold">Paused until {formatShortDate(s.pause.resumesAt)}</p>
        <p className="text-slate-700">
          Nothing is charged while paused. It resumes by itself on {formatShortDate(s.pause.resumesAt)}, and your next payment is then due on{' '}
          {formatShortDate(s.pause.nextPaymentAt)}.
        </p>
        {resume.error && (
          <p role="alert" className="mt-1 font-medium text-red-700">
            {resume.error.message}
          </p>
        )}
      </div>
      <Button disabled={resume.isPending} onClick={() => resume.mutate()}>
        {resume.isPending ? 'Resuming...' : 'Resume now'}
      </Button>
    </div>
  );
}

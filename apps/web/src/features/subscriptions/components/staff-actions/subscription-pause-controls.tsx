import { useId, useState } from 'react';
import { PAUSE_MONTHS } from '@portal/contracts/retention';
import { routes } from '@portal/contracts/routes';
import { isActiveSubscriptionStatus, type Subscription } from '@portal/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { useMayCall } from '@/lib/current-user';
import { formatShortDate } from '@/lib/format';
import { useStaffPause } from '../../api/staff-pause';

type Months = (typeof PAUSE_MONTHS)[number];

/** On a customer's page: pause an active subscription for 1–3 months, or resume a paused one now (both audited). */
export function SubscriptionPauseControls({ subscription: s }: { subscription: Pick<Subscription, 'id' | 'status' | 'serviceTitle' | 'pause'> }) {
  const { pause, resume } = useStaffPause(s.id);
  // Like the other billing actions, an admin's (the route's permission).
  const mayPause = useMayCall(routes.subscriptions.staffPauseSubscription);
  const [months, setMonths] = useState<Months>(1);
  const selectId = useId();
  const error = pause.error ?? resume.error;
  const errorText = error && (
    <p role="alert" className="basis-full text-sm font-medium text-red-700">
      {error.message}
    </p>
  );
  if (!mayPause) return null;
  if (s.status === 'PAUSED') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        {s.pause && <span className="text-slate-700">resumes {formatShortDate(s.pause.resumesAt)}</span>}
        <Button variant="secondary" disabled={resume.isPending} onClick={() => (pause.reset(), resume.mutate())} aria-label={`Resume ${s.serviceTitle} now`}>
          {resume.isPending ? 'Resuming...' : 'Resume now'}
        </Button>
        {errorText}
      </div>
    );
  }
  if (!isActiveSubscriptionStatus(s.status)) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-slate-700">
        Pause {s.serviceTitle} for
      </label>
      <select id={selectId} value={months} onChange={(e) => setMonths(Number(e.target.value) as Months)} className="rounded-lg border border-slate-300 px-2 py-1.5">
        {PAUSE_MONTHS.map((m) => (
          <option key={m} value={m}>
            {m === 1 ? '1 month' : `${m} months`}
          </option>
        ))}
      </select>
      <Button variant="secondary" disabled={pause.isPending} onClick={() => (resume.reset(), pause.mutate(months))}>
        {pause.isPending ? 'Pausing...' : 'Pause'}
      </Button>
      {errorText}
    </div>
  );
}

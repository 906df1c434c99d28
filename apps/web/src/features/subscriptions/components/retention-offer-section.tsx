import { routes } from '@portal/contracts/routes';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { StaffRetentionOffer } from '@portal/contracts/retention';
import { Button } from '@/components/ui/button';
import { QueryState } from '@/components/ui/query-state';
import { useRetentionOffer, useSaveRetentionOffer } from '../api/retention-offer-editor';
import { Stat } from '@/components/ui/stat';
import { useMayCall } from '@/lib/current-user';

const count = (n: number) => n.toLocaleString('en-US');

/** The overview's retention section: how the offer did, and the offer itself, edited in place. */
export function RetentionOfferSection() {
  const offer = useRetentionOffer();
  // Agents see how the offer does; defining it is an admin's (the route's permission).
  const mayDefine = useMayCall(routes.subscriptions.saveRetentionOffer);
  return (
    <section aria-labelledby="overview-retention">
      <h2 id="overview-retention" className="mb-3 text-lg font-semibold text-slate-900">
        Retention offer
      </h2>
      <QueryState query={offer} pending="Loading the retention offer..." error="Could not load the retention offer.">
        {(data) => (
          <div className="space-y-4">
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
              <Stat label="Offers shown" value={count(data.figures.shown)} hint="In the cancel flow, once per subscription" />
              <Stat label="Offers accepted" value={count(data.figures.accepted)} />
              <Stat label="Cancellations avoided" value={count(data.figures.avoided)} hint="Accepted and not cancelled since" />
            </dl>
            {mayDefine && <OfferForm current={data.offer} />}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function OfferForm({ current }: { current: StaffRetentionOffer['offer'] }) {
  const save = useSaveRetentionOffer();
  const ids = { percent: useId(), renewals: useId(), active: useId() };
  const [percentOff, setPercentOff] = useState(String(current?.percentOff ?? 50));
  const [renewals, setRenewals] = useState(String(current?.renewals ?? 2));
  const [active, setActive] = useState(current?.active ?? true);
  const [saved, setSaved] = useState(false);
  useEffect(() => setSaved(false), [percentOff, renewals, active]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate({ percentOff: Number(percentOff), renewals: Number(renewals), active }, { onSuccess: () => setSaved(true) });
  }
  const field = 'mt-1 w-24 rounded-lg border border-slate-300 px-3 py-2 text-sm';
  return (
    <form onSubmit={onSubmit} className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <p className="text-slate-700">
        {current?.active
          ? `Customers who start to cancel are offered ${current.percentOff}% off their next ${current.renewals === 1 ? 'payment' : `${current.renewals} payments`}, once per subscription.`
          : 'No offer is shown in the cancel flow.'}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={ids.percent} className="block font-semibold text-slate-800">
            Percent off
          </label>
          <input id={ids.percent} type="number" inputMode="numeric" min={1} max={100} step={1} required value={percentOff} onChange={(e) => setPercentOff(e.target.value)} className={field} />
        </div>
        <div>
          <label htmlFor={ids.renewals} className="block font-semibold text-slate-800">
            Payments discounted
          </label>
          <input id={ids.renewals} type="number" inputMode="numeric" min={1} max={12} step={1} required value={renewals} onChange={(e) => setRenewals(e.target.value)} className={field} />
        </div>
        <label htmlFor={ids.active} className="flex items-center gap-2 py-2 font-semibold text-slate-800">
          <input id={ids.active} type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="h-4 w-4 accent-brand-700" />
          Show it in the cancel flow
        </label>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save offer'}
        </Button>
      </div>
      {save.error && (
        <p role="alert" className="mt-2 font-medium text-red-700">
          {save.error.message}
        </p>
      )}
      {saved && (
        <p role="status" className="mt-2 font-medium text-green-800">
          Offer saved.
        </p>
      )}
    </form>
  );
}

import { Store } from 'lucide-react';
import type { TrustedBusiness } from '@portal/contracts/showcase';
import { useTrustedBy } from '../api/showcase';

function Names({ businesses, hidden = false }: { businesses: TrustedBusiness[]; hidden?: boolean }) {
  return (
    <ul className="flex shrink-0 items-center gap-10 pr-10" aria-hidden={hidden || undefined}>
      {businesses.map(({ id, name }) => (
        <li key={id} className="flex items-center gap-2 whitespace-nowrap text-lg font-bold text-slate-600">
          <Store className="h-6 w-6 text-brand-600" aria-hidden="true" />
          {name}
        </li>
      ))}
    </ul>
  );
}

/**
 * "Trusted by 1,000+ locations": the names staff keep in the console scroll past, twice in a row so the loop has
 * no seam; still when motion is reduced. With no names there is no strip (on the prerendered landing page the
 * server writes the names in, and its stylesheet hides a strip marked data-trusted-by that has none).
 */
export function TrustedStrip() {
  const businesses = useTrustedBy().data ?? [];
  if (businesses.length === 0) return null;
  return (
    <section className="border-y border-slate-200 bg-white py-8" aria-labelledby="trusted-heading" data-trusted-by>
      <h2
        id="trusted-heading"
        className="px-4 text-center text-sm font-bold uppercase tracking-wide text-slate-600"
      >
        Trusted by 1,000+ locations
      </h2>
      <style>{'@keyframes marquee{from{transform:translateX(0)}to{transform:translateX(-50%)}}'}</style>
      <div className="mt-6 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_8%,black_92%,transparent)]">
        <div className="flex w-max animate-[marquee_40s_linear_infinite] motion-reduce:animate-none">
          <Names businesses={businesses} />
          <Names businesses={businesses} hidden />
        </div>
      </div>
    </section>
  );
}

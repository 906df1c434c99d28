import { CheckCircle2, CircleAlert } from 'lucide-react';
import type { StoreListing } from '@portal/contracts/store-listing';

/** Ready for the stores, or the required items still missing, by name. */
export function ListingStatus({ listing }: { listing: Pick<StoreListing, 'ready' | 'missing'> }) {
  if (listing.ready)
    return (
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
        <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden="true" /> Ready for the stores.
      </p>
    );
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert className="h-5 w-5 shrink-0" aria-hidden="true" /> Still needed for the stores:
      </p>
      <ul className="mt-1 list-disc pl-9" aria-label="Missing for the stores">
        {listing.missing.map((item) => (
          <li key={item.field}>{item.label}</li>
        ))}
      </ul>
    </div>
  );
}

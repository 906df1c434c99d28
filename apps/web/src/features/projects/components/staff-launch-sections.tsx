import { SCREENSHOT_DEVICES, SCREENSHOT_DEVICE_NAMES, LISTING_FIELD_LABELS, type ListingImage, type StoreListing } from '@portal/contracts/store-listing';
import { QueryState } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { formatShortDate } from '@/lib/format';
import { useStaffLaunchChecklist, useStaffStoreListing } from '../api/store-listing';
import { LaunchChecklistState } from './launch-checklist';
import { sizeText } from './store-listing/listing-images';
import { ListingStatus } from './store-listing/listing-status';

const TEXT_FIELDS = ['appName', 'shortDescription', 'fullDescription', 'keywords', 'supportUrl', 'privacyUrl', 'category'] as const;

function Images({ label, images }: { label: string; images: ListingImage[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">{label}</h3>
      {images.length === 0 ? (
        <p className="text-sm text-slate-600">None</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-3" aria-label={label}>
          {images.map((image, index) => (
            <li key={image.uploadId}>
              <a href={image.url} target="_blank" rel="noopener noreferrer" className="flex w-32 flex-col gap-1 rounded-lg border border-slate-200 p-2 text-xs text-slate-700 hover:bg-slate-50">
                <img src={image.url} alt={`${label} ${index + 1}`} className="h-24 w-full rounded object-contain" />
                {sizeText(image)}
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ListingDetails({ listing }: { listing: StoreListing }) {
  return (
    <div className="space-y-4">
      <ListingStatus listing={listing} />
      <p className="text-sm text-slate-600">{listing.updatedTimestamp ? `Last saved ${formatShortDate(listing.updatedTimestamp)}` : 'Not saved by the customer yet.'}</p>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => (
          <div key={field} className={field === 'fullDescription' ? 'sm:col-span-2' : ''}>
            <dt className="text-slate-600">{LISTING_FIELD_LABELS[field]}</dt>
            <dd className="whitespace-pre-line break-words font-medium text-slate-900">{listing[field] || '—'}</dd>
          </div>
        ))}
      </dl>
      <Images label="App icon" images={listing.icon ? [listing.icon] : []} />
      {SCREENSHOT_DEVICE_NAMES.map((device) => (
        <Images key={device} label={`${SCREENSHOT_DEVICES[device].label} screenshots`} images={listing.screenshots[device]} />
      ))}
    </div>
  );
}

/** Staff: the project's store listing, ready or what is missing, and every detail filled with its images. */
export function StaffStoreListingSection({ projectId }: { projectId: string }) {
  const listing = useStaffStoreListing(projectId);
  return (
    <SectionCard title="Store listing">
      <QueryState query={listing} pending="Loading the store listing..." error="Could not load the store listing.">
        {(data) => <ListingDetails listing={data} />}
      </QueryState>
    </SectionCard>
  );
}

/** Staff: the launch checklist, each item linking to the console section where it is seen to. */
export function StaffLaunchChecklistSection({ projectId }: { projectId: string }) {
  return (
    <SectionCard title="Launch checklist">
      <LaunchChecklistState query={useStaffLaunchChecklist(projectId)} />
    </SectionCard>
  );
}

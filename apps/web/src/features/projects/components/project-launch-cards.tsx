import { Link } from 'react-router';
import { QueryState } from '@/components/ui/query-state';
import { paths } from '@/lib/paths';
import { useLaunchChecklist, useStoreListing } from '../api/store-listing';
import { LaunchChecklistState } from './launch-checklist';
import { Section } from './project-cards';
import { ListingStatus } from './store-listing/listing-status';

/** The customer's launch checklist: what must be true before the submission, each item linking where it is fixed. */
export function LaunchChecklistCard({ projectId }: { projectId: string }) {
  return (
    <Section title="Launch checklist">
      <LaunchChecklistState query={useLaunchChecklist(projectId)} />
    </Section>
  );
}

/** The store listing at a glance: ready, or what is missing, with the way to the form. */
export function StoreListingCard({ projectId }: { projectId: string }) {
  const listing = useStoreListing(projectId);
  return (
    <Section title="Store listing">
      <QueryState query={listing} pending="Loading the store listing..." error="Could not load the store listing.">
        {(data) => (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">The name, descriptions, icon and screenshots the App Store and Google Play show.</p>
            <ListingStatus listing={data} />
            <Link to={paths.projectStoreListing(projectId)} className="inline-flex font-semibold text-brand-700 underline">
              {data.updatedTimestamp ? 'Edit the store listing' : 'Fill in the store listing'}
            </Link>
          </div>
        )}
      </QueryState>
    </Section>
  );
}

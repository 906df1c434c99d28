import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useStoreListing } from '@/features/projects/api/store-listing';
import { ListingForm } from '@/features/projects/components/store-listing/listing-form';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';

/** /projects/{projectId}/store-listing: what the app stores need, filled by the customer and saved as a draft. */
export function Component() {
  const projectId = useParams().projectId ?? '';
  const listing = useStoreListing(projectId);
  return (
    <Page title="Store listing">
      <Link to={paths.projectDetails(projectId)} className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to the project
      </Link>
      <p className="mb-5 text-slate-700">
        What the App Store and Google Play show about your app. Save a draft at any time; we check each detail as the stores do.
      </p>
      <QueryState
        query={listing}
        pending="Loading the store listing..."
        error={(error) => (error instanceof ApiError && error.status === 404 ? 'Project not found.' : 'Could not load the store listing. Please try again.')}
      >
        {(data) => <ListingForm key={projectId} projectId={projectId} listing={data} />}
      </QueryState>
    </Page>
  );
}

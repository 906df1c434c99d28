import { useState } from 'react';
import { DELETION_REQUEST_STATUSES, type DeletionRequestStatus } from '@portal/contracts/account';
import { LoadMore } from '@/components/ui/load-more';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useDeletionRequests } from '@/features/account/api/deletion-requests';
import { DeletionRequestRow } from '@/features/account/components/deletion-request-row';
import { FilterChips } from '@/features/staff/components/list-controls';

const LABELS: Record<DeletionRequestStatus, string> = { pending: 'Pending', done: 'Done', refused: 'Refused' };

/** /staff/deletion-requests: the queue by status, newest first, 25 at a time; refuse with a reason or carry a request out. */
export function Component() {
  const [status, setStatus] = useState<DeletionRequestStatus>('pending');
  const requests = useDeletionRequests({ status });
  return (
    <Page title="Deletion requests">
      <div className="mb-4">
        <FilterChips
          label="Status"
          options={DELETION_REQUEST_STATUSES.map((value) => ({ value, label: LABELS[value] }))}
          value={status}
          onChange={(value) => setStatus(value ?? 'pending')}
        />
      </div>
      <QueryState query={requests} pending="Loading requests..." error="Could not load the deletion requests." empty={`No ${LABELS[status].toLowerCase()} requests.`}>
        {(list) => (
          <>
            <ul aria-label={`${LABELS[status]} deletion requests`} className="space-y-3">
              {list.map((request) => <DeletionRequestRow key={request.id} request={request} />)}
            </ul>
            <LoadMore list={requests} label="Load more requests" />
          </>
        )}
      </QueryState>
    </Page>
  );
}

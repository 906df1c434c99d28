import { useState } from 'react';
import { DELETION_REQUEST_STATUSES, type DeletionRequestStatus } from '@portal/contracts/staff';
import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useDeletionRequests } from '@/features/staff/api/deletion-requests';
import { DeletionRequestRow } from '@/features/staff/components/deletion-request-row';
import { FilterChips } from '@/features/staff/components/list-controls';
import { Pager } from '@/features/staff/components/pager';

const LABELS: Record<DeletionRequestStatus, string> = { pending: 'Pending', done: 'Done', refused: 'Refused' };

/** /staff/deletion-requests: the queue by status, newest first; refuse with a reason or carry a request out. */
export function Component() {
  const [status, setStatus] = useState<DeletionRequestStatus>('pending');
  const [page, setPage] = useState(1);
  const requests = useDeletionRequests({ status, page });
  return (
    <Page title="Deletion requests">
      <div className="mb-4">
        <FilterChips
          label="Status"
          options={DELETION_REQUEST_STATUSES.map((value) => ({ value, label: LABELS[value] }))}
          value={status}
          onChange={(value) => {
            setStatus(value ?? 'pending');
            setPage(1);
          }}
        />
      </div>
      <QueryState query={requests} pending="Loading requests..." error="Could not load the deletion requests." empty={`No ${LABELS[status].toLowerCase()} requests.`} isEmpty={(d) => d.requests.length === 0}>
        {(data) => (
          <>
            <ul aria-label={`${LABELS[status]} deletion requests`} className="space-y-3">
              {data.requests.map((request) => <DeletionRequestRow key={request.id} request={request} />)}
            </ul>
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Deletion requests" />
          </>
        )}
      </QueryState>
    </Page>
  );
}

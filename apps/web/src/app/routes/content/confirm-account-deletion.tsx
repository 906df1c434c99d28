import { Link, useSearchParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { DELETION_CONFIRMED_MESSAGE, DELETION_LINK_EXPIRED, DELETION_LINK_INVALID } from '@portal/contracts/notifications';
import { Button, buttonClass } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useConfirmDeletion } from '@/features/notifications/api/notifications';

/** Where the link in the deletion e-mail leads: nothing is confirmed until the button is pressed. */
export function Component() {
  const token = useSearchParams()[0].get('token') ?? '';
  const confirm = useConfirmDeletion();
  const failure = confirm.error instanceof ApiError && confirm.error.status === 410 ? DELETION_LINK_EXPIRED : DELETION_LINK_INVALID;
  const broken = !token || (confirm.isError && confirm.error instanceof ApiError && [404, 410].includes(confirm.error.status));

  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Confirm Data Deletion</h1>
        {confirm.isSuccess ? (
          <div role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
            <p>{DELETION_CONFIRMED_MESSAGE}</p>
            <p className="mt-1">{`We have sent a confirmation to ${confirm.data.email}.`}</p>
          </div>
        ) : broken ? (
          <div className="mt-4 space-y-4">
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {token ? failure : DELETION_LINK_INVALID}
            </p>
            <Link to={paths.requestAccountDeletion()} className={buttonClass('secondary')}>
              Request deletion again
            </Link>
          </div>
        ) : (
          <>
            <div className="mt-4 flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
              <TriangleAlert className="h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
              <p>Deleting your account is permanent and irreversible. Confirm only if you asked for it.</p>
            </div>
            {confirm.isError && (
              <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
                Could not confirm your request. Please try again.
              </p>
            )}
            <div className="mt-6 flex justify-end">
              <Button variant="danger" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
                {confirm.isPending ? 'Confirming...' : 'Confirm Deletion Request'}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

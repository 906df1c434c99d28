import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { refuseDeletionSchema, type RefuseDeletionInput, type StaffDeletionRequest } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { formatShortDate, formatTime } from '@/lib/format';
import { useDecideDeletion } from '../api/deletion-requests';

const when = (ms: number) => `${formatShortDate(ms)}, ${formatTime(ms)}`;
const failure = (error: unknown) => (error instanceof ApiError ? error.message : 'Could not save. Please try again.');

const OUTCOMES = {
  erased: 'Carried out: the account and its personal data were erased',
  'no-account': 'Closed: no account has this e-mail',
  refused: 'Refused',
} as const;

function RefuseForm({ onRefuse, onCancel }: { onRefuse: (reason: string) => Promise<unknown>; onCancel: () => void }) {
  const { register, handleSubmit, formState } = useForm<RefuseDeletionInput>({ resolver: zodResolver(refuseDeletionSchema), defaultValues: { reason: '' } });
  const [error, setError] = useState<string | null>(null);
  const submit = handleSubmit(async ({ reason }) => {
    setError(null);
    await onRefuse(reason).catch((e: unknown) => setError(failure(e)));
  });
  const fieldError = formState.errors.reason?.message;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <div>
        <label htmlFor="refuse-reason" className="mb-1 block text-sm font-medium text-slate-800">Reason</label>
        <textarea
          id="refuse-reason"
          rows={3}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? 'refuse-reason-error' : undefined}
          {...register('reason')}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
        {fieldError && <p id="refuse-reason-error" className="mt-1 text-sm text-red-700">{fieldError}</p>}
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>Cancel</Button>
        <Button type="submit" disabled={formState.isSubmitting}>Refuse request</Button>
      </div>
    </form>
  );
}

/** One request of the queue: who asked and when, and for pending ones the two decisions. */
export function DeletionRequestRow({ request }: { request: StaffDeletionRequest }) {
  const { refuse, carryOut } = useDecideDeletion(request.id);
  const [dialog, setDialog] = useState<'refuse' | 'carry-out' | null>(null);
  const close = () => {
    setDialog(null);
    carryOut.reset();
  };
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-[14rem] flex-1">
          <p className="font-semibold text-slate-900">{request.name}</p>
          <p className="break-all text-sm text-slate-700">{request.email}</p>
          <p className="text-xs text-slate-600">
            Asked {when(request.requestedTimestamp)} · {request.signedIn ? 'while signed in' : 'as a guest'}
          </p>
          {request.reason && <p className="mt-2 whitespace-pre-wrap text-sm text-slate-800">“{request.reason}”</p>}
        </div>
        {request.status === 'pending' && (
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setDialog('refuse')} aria-label={`Refuse the request of ${request.email}`}>Refuse</Button>
            <Button variant="danger" onClick={() => setDialog('carry-out')} aria-label={`Carry out the request of ${request.email}`}>Carry out</Button>
          </div>
        )}
      </div>
      {request.outcome && request.decidedTimestamp !== null && (
        <p className="mt-2 rounded-lg bg-slate-50 p-2 text-sm text-slate-800">
          {OUTCOMES[request.outcome]}
          {request.refusalReason && `: ${request.refusalReason}`} — {request.decidedByName ?? 'staff'}, {when(request.decidedTimestamp)}
        </p>
      )}
      <Dialog open={dialog === 'refuse'} onClose={close} className="max-w-lg" aria-describedby={undefined}>
        <DialogTitle className="mb-3 text-xl font-bold text-slate-900">Refuse the request of {request.email}</DialogTitle>
        {dialog === 'refuse' && <RefuseForm onRefuse={(reason) => refuse.mutateAsync(reason).then(close)} onCancel={close} />}
      </Dialog>
      <Dialog open={dialog === 'carry-out'} onClose={close} className="max-w-lg">
        <DialogTitle className="mb-3 text-xl font-bold text-slate-900">Erase the account of {request.email}?</DialogTitle>
        <DialogDescription className="mb-4 text-sm text-slate-700">
          Its subscriptions are cancelled and its cards disabled, its files, chats and answers deleted, its name, e-mail,
          phone and photo erased, and it is signed out everywhere. Payment records stay with the personal fields
          replaced. This cannot be undone. If no account has this e-mail, the request is closed as such.
        </DialogDescription>
        {carryOut.isError && <ErrorMessage>{failure(carryOut.error)}</ErrorMessage>}
        <div className="mt-3 flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>Cancel</Button>
          <Button variant="danger" disabled={carryOut.isPending} onClick={() => void carryOut.mutateAsync().then(close, () => undefined)}>
            Erase the account
          </Button>
        </div>
      </Dialog>
    </li>
  );
}

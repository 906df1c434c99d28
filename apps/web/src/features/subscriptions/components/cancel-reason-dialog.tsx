import { useState } from 'react';
import { CANCEL_REASONS, type CancelReason, type CancelRequest } from '@portal/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatShortDate } from '@/lib/format';

/** Asks why before a cancellation is sent (issue 17): a reason, and a comment that "Other" requires. */
export function CancelReasonDialog({
  open,
  serviceEndsAt,
  busy,
  onCancel,
  onClose,
}: {
  open: boolean;
  serviceEndsAt: number;
  busy: boolean;
  onCancel: (why: CancelRequest) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [comment, setComment] = useState('');
  const needsComment = reason === 'other' && !comment.trim();
  return (
    <Dialog open={open} onClose={onClose} className="max-h-[90vh] max-w-md overflow-y-auto">
      <DialogTitle className="text-xl font-bold text-slate-900">Why are you cancelling?</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600">
        Your service continues until {formatShortDate(serviceEndsAt)}. Your answer helps us improve.
      </DialogDescription>
      <form
        className="mt-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason && !needsComment) onCancel({ reason, comment: comment.trim() || undefined });
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="sr-only">Reason</legend>
          {(Object.entries(CANCEL_REASONS) as [CancelReason, string][]).map(([value, label]) => (
            <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
              <input type="radio" name="cancel-reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="h-4 w-4 accent-brand-700" />
              {label}
            </label>
          ))}
        </fieldset>
        <label htmlFor="cancel-comment" className="mt-3 block text-sm font-semibold text-slate-800">
          Comment{reason === 'other' ? '' : ' (optional)'}
        </label>
        <textarea
          id="cancel-comment"
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          maxLength={1000}
          rows={3}
          className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
        />
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">Keep subscription</Button>
          </DialogClose>
          <Button type="submit" variant="danger" disabled={!reason || needsComment || busy}>
            {busy ? 'Cancelling...' : 'Cancel subscription'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

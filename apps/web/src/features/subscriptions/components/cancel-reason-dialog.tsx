import { useEffect, useState } from 'react';
import { CANCEL_REASONS, SUBSCRIPTION_CONFIRMATIONS, type CancelReason, type CancelRequest } from '@portal/contracts/subscriptions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatShortDate } from '@/lib/format';

/**
 * The one confirmation of a cancellation: the spec's question (§5) with, in the same dialog, why (optional; a
 * comment is required only for "Other"). Without a reason, nothing but the cancellation is sent.
 */
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
  onCancel: (why: CancelRequest | undefined) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [comment, setComment] = useState('');
  const needsComment = reason === 'other' && !comment.trim();
  // Each opening starts blank: a reason given for an earlier cancellation is not this one's.
  useEffect(() => {
    if (!open) return;
    setReason(null);
    setComment('');
  }, [open]);
  return (
    <ConfirmDialog
      open={open}
      question={SUBSCRIPTION_CONFIRMATIONS.cancel}
      description={`Your service continues until ${formatShortDate(serviceEndsAt)}.`}
      keepLabel="Keep subscription"
      confirmLabel="Cancel subscription"
      busyLabel="Cancelling..."
      busy={busy}
      confirmDisabled={needsComment}
      onClose={onClose}
      onConfirm={() => onCancel(reason ? { reason, comment: comment.trim() || undefined } : undefined)}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Why are you cancelling? (optional)</legend>
        <p className="-mt-1 mb-1 text-xs text-slate-600">Your answer helps us improve.</p>
        {(Object.entries(CANCEL_REASONS) as [CancelReason, string][]).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
            <input type="radio" name="cancel-reason" value={value} checked={reason === value} onChange={() => setReason(value)} className="h-4 w-4 accent-brand-700" />
            {label}
          </label>
        ))}
      </fieldset>
      {reason && (
        <>
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
        </>
      )}
    </ConfirmDialog>
  );
}

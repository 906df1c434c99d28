import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CANCEL_REASONS, SUBSCRIPTION_CONFIRMATIONS, cancelReasonSchema, cancelRequestSchema, type CancelReason, type CancelRequest } from '@portal/contracts/subscriptions';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatShortDate } from '@/lib/format';

/** No reason chosen sends nothing but the cancellation; a reason is the contract's cancel request (a blank comment left out). */
const cancelReasonFormSchema = z.object({ reason: cancelReasonSchema.nullable(), comment: z.string() }).transform((values, ctx): CancelRequest | undefined => {
  if (values.reason === null) return undefined;
  const request = cancelRequestSchema.safeParse(values);
  if (request.success) return { reason: request.data.reason, comment: request.data.comment || undefined };
  for (const issue of request.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  return z.NEVER;
});
type CancelReasonValues = z.input<typeof cancelReasonFormSchema>;

/**
 * The one confirmation of a cancellation: the spec's question (§5) with, in the same dialog, why (optional; a
 * comment is required only for "Other"). Without a reason, nothing but the cancellation is sent. The server's
 * refusal is shown in the dialog.
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
  onCancel: (why: CancelRequest | undefined) => Promise<unknown>;
  onClose: () => void;
}) {
  const { register, handleSubmit, watch, reset, setError, formState } = useForm<CancelReasonValues, unknown, CancelRequest | undefined>({
    resolver: zodResolver(cancelReasonFormSchema),
    defaultValues: { reason: null, comment: '' },
  });
  const [reason, comment] = watch(['reason', 'comment']);
  const needsComment = reason === 'other' && !comment.trim();
  const commentError = formState.errors.comment?.message;
  // Each opening starts blank: a reason given for an earlier cancellation is not this one's.
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  const submit = handleSubmit(async (why) => {
    try {
      await onCancel(why);
    } catch (error) {
      setError('root.server', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  return (
    <ConfirmDialog
      open={open}
      question={SUBSCRIPTION_CONFIRMATIONS.cancel}
      description={`Your service continues until ${formatShortDate(serviceEndsAt)}.`}
      keepLabel="Keep subscription"
      confirmLabel="Cancel subscription"
      busyLabel="Cancelling..."
      busy={busy || formState.isSubmitting}
      confirmDisabled={needsComment}
      error={formState.errors.root?.server?.message}
      onClose={onClose}
      onConfirm={() => void submit()}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Why are you cancelling? (optional)</legend>
        <p className="-mt-1 mb-1 text-xs text-slate-600">Your answer helps us improve.</p>
        {(Object.entries(CANCEL_REASONS) as [CancelReason, string][]).map(([value, label]) => (
          <label key={value} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
            <input type="radio" value={value} {...register('reason')} className="h-4 w-4 accent-brand-700" />
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
            maxLength={1000}
            rows={3}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={commentError ? 'cancel-comment-error' : undefined}
            {...register('comment')}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          {commentError && (
            <p id="cancel-comment-error" className="mt-1 text-sm text-red-700">
              {commentError}
            </p>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}

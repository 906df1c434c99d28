import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteCardQuerySchema, type Card } from '@portal/contracts/billing';
import { LoadMore, type PagedList } from '@/components/ui/load-more';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cardExpiry, cardName } from './card-label';

/** The card that takes over: the contract's `replacementCardId`, required here. */
const replacementSchema = deleteCardQuerySchema.required();
type ReplacementInput = { replacementCardId: string };

/**
 * Deleting the card of an active subscription: which of the other cards takes over (issue 17), read so far (`more`).
 * The first of them is chosen until another is; the server's refusal is shown in the dialog.
 */
export function ReplaceCardDialog({
  card,
  others,
  more,
  paysFor,
  busy,
  onDelete,
  onClose,
}: {
  card: Card | null;
  others: Card[];
  more?: PagedList;
  paysFor: string[];
  busy: boolean;
  onDelete: (replacementCardId: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { register, handleSubmit, watch, setValue, reset, setError, formState } = useForm<ReplacementInput>({
    resolver: zodResolver(replacementSchema),
    defaultValues: { replacementCardId: '' },
  });
  const chosen = watch('replacementCardId');
  // The first other card until one is chosen, and again when the chosen one is gone (deleted elsewhere).
  const selected = others.some((c) => c.id === chosen) ? chosen : (others[0]?.id ?? '');
  useEffect(() => {
    if (selected !== chosen) setValue('replacementCardId', selected);
  }, [selected, chosen, setValue]);
  // Each opening starts again from the first other card, without an earlier refusal.
  useEffect(() => {
    if (card) reset();
  }, [card, reset]);
  const submit = handleSubmit(async ({ replacementCardId }) => {
    try {
      await onDelete(replacementCardId);
    } catch (error) {
      setError('root.server', { message: error instanceof Error ? error.message : String(error) });
    }
  });
  return (
    <ConfirmDialog
      open={card !== null}
      question="Which card takes over?"
      description={`${card ? cardName(card) : ''} pays ${paysFor.length > 0 ? paysFor.join(', ') : 'an active subscription'}. Choose the card that pays from now on.`}
      keepLabel="Keep card"
      confirmLabel="Delete and switch"
      busyLabel="Deleting..."
      busy={busy || formState.isSubmitting}
      confirmDisabled={!selected}
      error={formState.errors.root?.server?.message}
      onClose={onClose}
      onConfirm={() => void submit()}
    >
      <fieldset className="grid gap-2">
        <legend className="sr-only">Card that takes over</legend>
        {others.map((c) => (
          <label key={c.id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
            <input type="radio" value={c.id} checked={selected === c.id} {...register('replacementCardId')} className="h-4 w-4 accent-brand-700" />
            <span className="flex flex-wrap gap-x-3">
              <span className="whitespace-nowrap font-semibold text-slate-900">{cardName(c)}</span>
              <span className="text-slate-600">{cardExpiry(c)}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {more && <LoadMore list={more} label="Load more cards" className="mt-3" />}
    </ConfirmDialog>
  );
}

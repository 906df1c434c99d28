import { useState } from 'react';
import type { Card } from '@portal/contracts/billing';
import { LoadMore, type PagedList } from '@/components/ui/load-more';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cardExpiry, cardName } from './card-label';

/** Deleting the card of an active subscription: which of the other cards takes over (issue 17), read so far (`more`). */
export function ReplaceCardDialog({
  card,
  others,
  more,
  paysFor,
  busy,
  error,
  onDelete,
  onClose,
}: {
  card: Card | null;
  others: Card[];
  more?: PagedList;
  paysFor: string[];
  busy: boolean;
  error: string | null;
  onDelete: (replacementCardId: string) => void;
  onClose: () => void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen && others.some((c) => c.id === chosen) ? chosen : (others[0]?.id ?? null);
  return (
    <ConfirmDialog
      open={card !== null}
      question="Which card takes over?"
      description={`${card ? cardName(card) : ''} pays ${paysFor.length > 0 ? paysFor.join(', ') : 'an active subscription'}. Choose the card that pays from now on.`}
      keepLabel="Keep card"
      confirmLabel="Delete and switch"
      busyLabel="Deleting..."
      busy={busy}
      confirmDisabled={!selected}
      error={error}
      onClose={onClose}
      onConfirm={() => selected && onDelete(selected)}
    >
      <fieldset className="grid gap-2">
        <legend className="sr-only">Card that takes over</legend>
        {others.map((c) => (
          <label key={c.id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 text-sm">
            <input
              type="radio"
              name="replacement-card"
              value={c.id}
              checked={selected === c.id}
              onChange={() => setChosen(c.id)}
              className="h-4 w-4 accent-brand-700"
            />
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

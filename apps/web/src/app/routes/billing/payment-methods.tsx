import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cardName } from '@/features/billing/components/card-label';
import { CARD_REPLACEMENT_REQUIRED, ONLY_PAYING_CARD, type Card, type PaymentsConfig } from '@portal/contracts/billing';
import { LoadMore, type PagedList } from '@/components/ui/load-more';
import { ApiError } from '@/lib/api-client';
import { useActiveSubscriptions } from '@/features/subscriptions/api/subscriptions';
import { ReplaceCardDialog } from '@/features/billing/components/replace-card-dialog';
import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useDeleteCard } from '@/features/billing/api/cards';
import { useCard, useCards, type SavedCards } from '@/features/billing/api/cards';
import { usePaymentsConfig } from '@/features/billing/api/payments-config';
import { useSetDefaultCard } from '@/features/billing/api/cards';
import { AddCardForm } from '@/features/billing/components/add-card-form';
import { MESSAGES } from '@/features/billing/components/messages';
import { SavedCardRow } from '@/features/billing/components/saved-card-row';
import { Section } from '@/features/billing/components/section';

/**
 * Payment methods (spec §2, §4): loading, the list of saved cards (the default first, 25 at a time with Load more),
 * or the add form (always when there are none).
 */
export function Component() {
  const cards = useCards();
  const config = usePaymentsConfig();
  const loading = (
    <Page title="Payment Methods">
      <StatusMessage>Loading Payment Methods...</StatusMessage>
    </Page>
  );
  const failed = (
    <Page title="Payment Methods">
      <ErrorMessage>{MESSAGES.paymentMethodsLoad}</ErrorMessage>
    </Page>
  );
  return (
    <QueryState query={cards} pending={loading} error={failed}>
      {(cardList) => (
        <QueryState query={config} pending={loading} error={failed}>
          {(paymentsConfig) => <PaymentMethods cards={cardList} more={cards} config={paymentsConfig} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function PaymentMethods({ cards, more, config }: { cards: SavedCards; more: PagedList; config: PaymentsConfig }) {
  const remove = useDeleteCard();
  const makeDefault = useSetDefaultCard();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const subscriptions = useActiveSubscriptions();
  const [replacing, setReplacing] = useState<Card | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState<Card | null>(null);
  const [onlyPayingCard, setOnlyPayingCard] = useState<Card | null>(null);

  const list = cards.cards;
  const showForm = adding || list.length === 0;
  // The card just added, read by its id: a refused one is not in the list, its error is shown once here.
  const justAdded = useCard(added).data;
  // "Card saved." waits for the list to hold the card as saved too, so what the page offers never lags what it says.
  const savedInList = list.some((c) => c.id === added && c.status === 'Complete');
  // Deleting waits for every active subscription: whether a card pays one decides if the replacement dialog is asked.
  const busy = remove.isPending || makeDefault.isPending || (!subscriptions.complete && !subscriptions.isError);

  const others = (card: Card) => list.filter((c) => c.usable && c.id !== card.id);
  // A subscription without a card of its own is paid by the default card (as the server counts it).
  const paidBy = (card: Card) =>
    (subscriptions.data ?? [])
      .filter((s) => s.cardId === card.id || (s.cardId === null && card.id === cards.defaultCardId))
      .map((s) => s.serviceTitle);

  const askReplacement = (card: Card) => setReplacing(card);
  const onDelete = (card: Card) => {
    setActionError(null);
    setAdded(null);
    // The card of an active subscription: ask which card takes over instead of a plain confirmation (the other
    // cards may still be on a page not read yet).
    if (paidBy(card).length > 0) return others(card).length > 0 || more.hasNextPage ? askReplacement(card) : setOnlyPayingCard(card);
    setConfirmingDelete(card);
  };
  const onConfirmDelete = (card: Card) => {
    setConfirmingDelete(null);
    remove.mutate(
      { id: card.id },
      {
        onError: (e) => {
          if (e instanceof ApiError && e.code === CARD_REPLACEMENT_REQUIRED) return askReplacement(card);
          if (e instanceof ApiError && e.code === ONLY_PAYING_CARD) return setOnlyPayingCard(card);
          setActionError(e.message);
        },
      },
    );
  };
  const onReplace = async (replacementCardId: string) => {
    if (!replacing) return;
    await remove.mutateAsync({ id: replacing.id, replacementCardId });
    setReplacing(null);
  };

  return (
    <Page
      title="Payment Methods"
      actions={
        !showForm && (
          <Button onClick={() => setAdding(true)}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            Add Card
          </Button>
        )
      }
    >
      <div className="space-y-6">
        {justAdded?.status === 'Error' && (
          <ErrorMessage>{`${MESSAGES.cardSaveFailed} ${justAdded.failureReason ?? ''}`.trim()}</ErrorMessage>
        )}
        {justAdded?.status === 'Complete' && savedInList && (
          <p
            role="status"
            className="rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm font-medium text-green-900"
          >
            Card saved.
          </p>
        )}
        {actionError && <ErrorMessage>{actionError}</ErrorMessage>}
        {list.length > 0 && (
          <Section title="Saved Cards">
            <ul aria-label="Saved cards" className="space-y-3">
              {list.map((card) => (
                <SavedCardRow
                  key={card.id}
                  card={card}
                  isDefault={card.id === cards.defaultCardId}
                  busy={busy}
                  expiring={cards.expiringBeforeRenewal.filter((e) => e.cardId === card.id)}
                  paysFor={paidBy(card)}
                  onDelete={() => onDelete(card)}
                  onMakeDefault={() =>
                    makeDefault.mutate(card.id, { onError: (e) => setActionError(e.message) })
                  }
                />
              ))}
            </ul>
            <LoadMore list={more} label="Load more cards" />
            <p className="mt-3 text-sm text-slate-600">
              The default card pays new purchases and any subscription without a card of its own. A subscription keeps the
              card it shows as paying it until you choose another on the subscription.
            </p>
          </Section>
        )}
        <ConfirmDialog
          open={confirmingDelete !== null}
          question={MESSAGES.confirmDeleteCard}
          description={confirmingDelete ? cardName(confirmingDelete) : undefined}
          keepLabel="Keep card"
          confirmLabel="Delete card"
          onClose={() => setConfirmingDelete(null)}
          onConfirm={() => confirmingDelete && onConfirmDelete(confirmingDelete)}
        />
        <ConfirmDialog
          open={onlyPayingCard !== null}
          question="Add another card first"
          description={
            onlyPayingCard
              ? `${cardName(onlyPayingCard)} pays ${paidBy(onlyPayingCard).join(', ') || 'an active subscription'}. Add another card; then you can delete this one and choose the card that takes over.`
              : undefined
          }
          keepLabel="Keep card"
          confirmLabel="Add a card"
          variant="primary"
          onClose={() => setOnlyPayingCard(null)}
          onConfirm={() => {
            setOnlyPayingCard(null);
            setAdding(true);
          }}
        />
        <ReplaceCardDialog
          card={replacing}
          others={replacing ? others(replacing) : []}
          more={more}
          paysFor={replacing ? paidBy(replacing) : []}
          busy={remove.isPending}
          onDelete={onReplace}
          onClose={() => setReplacing(null)}
        />
        {showForm && (
          <Section title="Add a Card">
            {list.length === 0 && (
              <p className="mb-4 text-sm text-slate-600">
                You have no saved cards yet. Add one to pay for your subscriptions.
              </p>
            )}
            <AddCardForm
              config={config}
              onAdded={(id) => {
                setActionError(null);
                setAdded(id);
                setAdding(false);
              }}
              onCancel={list.length > 0 ? () => setAdding(false) : undefined}
            />
          </Section>
        )}
      </div>
    </Page>
  );
}

import type { Ref } from 'react';
import * as RadioGroup from '@radix-ui/react-radio-group';
import type { Card, PaymentsConfig } from '@portal/contracts/billing';
import { LoadMore, type PagedList } from '@/components/ui/load-more';
import { QueryState, type QueryLike } from '@/components/ui/query-state';
import { CardForm } from '../card-form/card-form';
import type { CardFormHandle } from '../card-form/card-form-handle';
import { CardLabel } from '../card-label';
import { MESSAGES } from '../messages';
import { Section } from '../section';

export const NEW_CARD = 'new';

const itemClass =
  'flex w-full cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white p-3 text-left hover:border-brand-600 has-[[data-state=checked]]:border-brand-700 has-[[data-state=checked]]:ring-2 has-[[data-state=checked]]:ring-brand-200';

function Option({ value, children }: { value: string; children: React.ReactNode }) {
  const id = `payment-method-${value}`;
  return (
    <label htmlFor={id} className={itemClass}>
      <RadioGroup.Item
        id={id}
        value={value}
        className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full border-2 border-slate-500 data-[state=checked]:border-brand-700"
      >
        <RadioGroup.Indicator className="h-2.5 w-2.5 rounded-full bg-brand-700" />
      </RadioGroup.Item>
      {children}
    </label>
  );
}

/**
 * Payment Method (spec §2, §4): loading, then the saved cards with the first preselected ("select"), or the
 * new-card form when there are none ("add"). Saved cards come a page at a time (`more`), the default card first.
 */
export function PaymentMethodPicker({
  config,
  cards,
  more,
  selected,
  onSelect,
  cardForm,
  disabled,
}: {
  config: QueryLike<PaymentsConfig>;
  cards: QueryLike<Card[]>;
  more?: PagedList;
  selected: string;
  onSelect: (value: string) => void;
  cardForm: Ref<CardFormHandle>;
  disabled?: boolean;
}) {
  const loading = 'Loading payment methods...';
  const body = (paymentsConfig: PaymentsConfig, cardList: Card[]) =>
    cardList.length === 0 ? (
      <CardForm config={paymentsConfig} ref={cardForm} disabled={disabled} />
    ) : (
      <>
        <RadioGroup.Root
          value={selected}
          onValueChange={onSelect}
          disabled={disabled}
          aria-label="Payment method"
          className="space-y-3"
        >
          {cardList.map((card) => (
            <Option key={card.id} value={card.id}>
              <CardLabel card={card} />
            </Option>
          ))}
          <Option value={NEW_CARD}>
            <span className="font-semibold text-slate-900">Use a new card</span>
          </Option>
        </RadioGroup.Root>
        {more && <LoadMore list={more} label="Load more cards" className="mt-3" />}
        {selected === NEW_CARD && (
          <div className="mt-4 border-t border-slate-200 pt-4">
            <CardForm config={paymentsConfig} ref={cardForm} disabled={disabled} />
          </div>
        )}
      </>
    );
  return (
    <Section title="Payment Method">
      <QueryState query={config} pending={loading} error={MESSAGES.providerLoad}>
        {(paymentsConfig) => (
          <QueryState query={cards} pending={loading} error={MESSAGES.paymentMethodsLoad}>
            {(cardList) => body(paymentsConfig, cardList)}
          </QueryState>
        )}
      </QueryState>
    </Section>
  );
}

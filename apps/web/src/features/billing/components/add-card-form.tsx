import { useRef, useState } from 'react';
import type { PaymentsConfig } from '@portal/contracts/billing';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { addCard } from '../api/cards';
import { CardForm } from './card-form/card-form';
import type { CardFormHandle } from './card-form/card-form-handle';
import { MESSAGES } from './messages';

/** Adds a card: tokenized in the browser, then saved through our API by its token (shown live in the list). */
export function AddCardForm({ config, onAdded, onCancel }: { config: PaymentsConfig; onAdded: (cardId: string) => void; onCancel?: () => void }) {
  const form = useRef<CardFormHandle>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function save() {
    if (!form.current || busy) return;
    setBusy(true);
    setError(null);
    try {
      const nonce = await form.current.tokenize();
      if (!nonce) return;
      onAdded((await addCard(nonce)).id);
    } catch {
      setError(MESSAGES.cardSubmitFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <CardForm config={config} ref={form} disabled={busy} />
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void save()} disabled={busy}>
          {busy ? 'Saving...' : 'Save Card'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  );
}

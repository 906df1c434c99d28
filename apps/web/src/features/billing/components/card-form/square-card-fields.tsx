import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { PaymentsConfig } from '@portal/contracts/billing';
import { ErrorMessage } from '@/components/ui/page';
import { MESSAGES } from '../messages';
import type { CardFormHandle } from './card-form-handle';
import { loadSquare, type SquareCard } from './load-square';

/** Square's own card fields (Web Payments SDK), used with a real Square environment. */
export function SquareCardFields({ config, ref }: { config: PaymentsConfig; ref: Ref<CardFormHandle> }) {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<SquareCard | null>(null);
  const [failed, setFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let attached: SquareCard | null = null;
    loadSquare(config.sdkUrl!)
      .then(async (Square) => {
        const payments = Square.payments(config.applicationId, config.locationId);
        attached = await payments.card();
        if (cancelled || !container.current) return;
        await attached.attach(container.current);
        card.current = attached;
      })
      .catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void attached?.destroy();
    };
  }, [config]);

  useImperativeHandle(ref, () => ({
    async tokenize() {
      if (!card.current) throw new Error(MESSAGES.providerLoad);
      const result = await card.current.tokenize();
      if (result.status === 'OK' && result.token) {
        setMessage(null);
        return result.token;
      }
      setMessage(result.errors?.[0]?.message ?? 'Please check your card details.');
      return null;
    },
  }));

  if (failed) return <ErrorMessage>{MESSAGES.providerLoad}</ErrorMessage>;
  return (
    <div>
      <div ref={container} className="min-h-[90px]" />
      {message && <p className="mt-1 text-sm text-red-700">{message}</p>}
    </div>
  );
}

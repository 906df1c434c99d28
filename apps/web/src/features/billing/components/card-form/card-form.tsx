import type { Ref } from 'react';
import type { PaymentsConfig } from '@portal/contracts/billing';
import type { CardFormHandle } from './card-form-handle';
import { LocalCardFields } from './local-card-fields';
import { SquareCardFields } from './square-card-fields';

/**
 * One card form: Square's Web Payments SDK against Square, or our own fields against the local Square sandbox.
 * Either way only a token leaves it; card numbers never reach our API.
 */
export function CardForm({ config, ref, disabled }: { config: PaymentsConfig; ref: Ref<CardFormHandle>; disabled?: boolean }) {
  return config.environment === 'local' ? (
    <LocalCardFields config={config} ref={ref} disabled={disabled} />
  ) : (
    <SquareCardFields config={config} ref={ref} />
  );
}

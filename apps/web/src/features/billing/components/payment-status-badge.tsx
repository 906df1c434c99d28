import { paymentStatusTone } from '@portal/contracts/billing';

const TONES = {
  complete: 'bg-green-100 text-green-800',
  failed: 'bg-red-100 text-red-800',
  pending: 'bg-amber-100 text-amber-900',
} as const;

const LABELS = { complete: 'Complete', failed: 'Failed', pending: 'Pending' } as const;

/** Spec §2: complete, failed, or otherwise pending. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const tone = paymentStatusTone(status);
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{LABELS[tone]}</span>;
}

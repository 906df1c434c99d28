import { disputeLabel, isOpenDispute, type PaymentDispute } from '@portal/contracts/billing';

/** A payment's dispute (chargeback): "Disputed" in red while the bank decides, then how it ended. */
export function DisputeBadge({ dispute }: { dispute: Pick<PaymentDispute, 'state'> | null }) {
  if (!dispute) return null;
  const tone = isOpenDispute(dispute.state) ? 'bg-red-100 text-red-800' : 'bg-slate-200 text-slate-800';
  return <span className={`ml-1 inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{disputeLabel(dispute.state)}</span>;
}

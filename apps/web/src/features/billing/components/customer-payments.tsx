import type { ReactNode } from 'react';
import { formatCents } from '@portal/contracts/money';
import type { Payment } from '@portal/contracts/billing';
import { formatShortDate } from '@/lib/format';
import { STACKED_HEAD, STACKED_ROW, StackedCell } from '@/components/ui/stacked-cell';

/**
 * A customer's payments as staff see them, with what was refunded of each. `action` renders per-payment controls in
 * the last column (refunds); without it the column is left out. On a phone each payment stacks into lines.
 */
export function CustomerPayments({
  payments,
  status,
  action,
}: {
  payments: Payment[];
  /** The status badge (billing's). */
  status: (payment: Payment) => ReactNode;
  action?: (payment: Payment) => ReactNode;
}) {
  if (payments.length === 0) return <p className="text-slate-600">No payments yet.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className={`text-xs uppercase tracking-wide text-slate-700 ${STACKED_HEAD}`}>
        <tr>
          <th scope="col" className="py-2 pr-3">Date</th>
          <th scope="col" className="py-2 pr-3">Plan</th>
          <th scope="col" className="py-2 pr-3">Type</th>
          <th scope="col" className="py-2 pr-3">Amount</th>
          <th scope="col" className="py-2 pr-3">Card</th>
          <th scope="col" className="py-2 pr-3">Status</th>
          {action && (
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id} className={`border-t border-slate-200 ${STACKED_ROW}`}>
            <StackedCell label="Date">{formatShortDate(payment.createdAt)}</StackedCell>
            <StackedCell label="Plan">{payment.serviceTitle}</StackedCell>
            <StackedCell label="Type">{payment.purchaseType}</StackedCell>
            <StackedCell label="Amount">
              {formatCents(payment.amount)}
              {payment.refunded > 0 && <span className="block text-xs text-slate-600">{formatCents(payment.refunded)} refunded</span>}
            </StackedCell>
            <StackedCell label="Card">{payment.cardBrand ? `${payment.cardBrand} •••• ${payment.cardLast4 ?? ''}` : '—'}</StackedCell>
            <StackedCell label="Status">
              {status(payment)}
              {payment.refundStatus && <span className="ml-1 text-xs font-semibold text-slate-700">{payment.refundStatus}</span>}
              {payment.failureReason && <span className="block text-xs text-red-700">{payment.failureReason}</span>}
            </StackedCell>
            {action && <td className="py-2 max-sm:block max-sm:py-1">{action(payment)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}


import type { ReactNode } from 'react';
import { formatCents } from '@portal/contracts/money';
import type { StaffCustomerPayment } from '@portal/contracts/staff';
import { formatShortDate } from '@/lib/format';

/**
 * A customer's payments as staff see them. `action` renders per-payment controls in the last column (the place
 * where billing adds refunds); without it the column is left out.
 */
export function CustomerPayments({
  payments,
  status,
  action,
}: {
  payments: StaffCustomerPayment[];
  /** The status badge (billing's). */
  status: (payment: StaffCustomerPayment) => ReactNode;
  action?: (payment: StaffCustomerPayment) => ReactNode;
}) {
  if (payments.length === 0) return <p className="text-slate-600">No payments yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-slate-700">
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
            <tr key={payment.id} className="border-t border-slate-200">
              <td className="py-2 pr-3">{formatShortDate(payment.createdAt)}</td>
              <td className="py-2 pr-3">{payment.serviceTitle}</td>
              <td className="py-2 pr-3">{payment.purchaseType}</td>
              <td className="py-2 pr-3">{formatCents(payment.amount)}</td>
              <td className="py-2 pr-3">{payment.cardBrand ? `${payment.cardBrand} •••• ${payment.cardLast4 ?? ''}` : '—'}</td>
              <td className="py-2 pr-3">
                {status(payment)}
                {payment.failureReason && <span className="block text-xs text-red-700">{payment.failureReason}</span>}
              </td>
              {action && <td className="py-2">{action(payment)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

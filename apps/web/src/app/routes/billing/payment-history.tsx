import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { formatCents } from '@portal/contracts/money';
import { formatShortDate } from '@/lib/format';
import { Download } from 'lucide-react';
import { LoadMore } from '@/components/ui/load-more';
import { receiptHref, usePayments } from '@/features/billing/api/payments';
import { DisputeBadge } from '@/features/billing/components/dispute-badge';
import { PaymentStatusBadge } from '@/features/billing/components/payment-status-badge';

// On a phone each row folds into two columns (date and description; amount and status); from `sm` it is a table.
const head = 'px-4 py-3';
const cell = 'sm:table-cell sm:px-4 sm:py-3 sm:align-top';

/** Payment history (spec §2): Date, Description, Amount, Status and Receipt, newest first, 25 a page, live. */
export function Component() {
  const payments = usePayments();
  return (
    <Page title="Payment History">
      <QueryState
        query={payments}
        pending="Loading Payment History..."
        error="Could not load your payment history. Please try again later."
        empty="No payment history found."
      >
        {(list) => (
          <>
            <div className="rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table role="table" className="block w-full text-left text-sm sm:table">
                <thead
                  role="rowgroup"
                  className="sr-only border-b border-slate-200 bg-slate-50 text-xs font-bold uppercase tracking-wide text-slate-700 sm:not-sr-only sm:table-header-group"
                >
                  <tr role="row">
                    <th role="columnheader" scope="col" className={head}>
                      Date
                    </th>
                    <th role="columnheader" scope="col" className={head}>
                      Description
                    </th>
                    <th role="columnheader" scope="col" className={`${head} text-right`}>
                      Amount
                    </th>
                    <th role="columnheader" scope="col" className={head}>
                      Status
                    </th>
                    <th role="columnheader" scope="col" className={head}>
                      <span className="sr-only">Receipt</span>
                    </th>
                  </tr>
                </thead>
                <tbody role="rowgroup" className="block divide-y divide-slate-100 sm:table-row-group">
                  {list.map((p) => (
                    <tr
                      key={p.id}
                      role="row"
                      className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 px-4 py-3 sm:table-row sm:p-0"
                    >
                      <td role="cell" className={`${cell} whitespace-nowrap text-slate-700`}>
                        {formatShortDate(p.createdAt)}
                      </td>
                      <td role="cell" className={`${cell} col-start-1 row-start-2`}>
                        <span className="block font-medium text-slate-900">{p.serviceTitle}</span>
                        <span className="block text-xs text-slate-600">
                          {p.purchaseType}
                          {p.promoCode ? ` · ${p.promoCode}` : ''}
                          {p.cardLast4 ? ` · card ending ${p.cardLast4}` : ''}
                        </span>
                        {p.failureReason && (
                          <span className="mt-1 block text-xs text-red-700">{p.failureReason}</span>
                        )}
                      </td>
                      <td
                        role="cell"
                        className={`${cell} col-start-2 row-start-1 whitespace-nowrap text-right font-semibold text-slate-900`}
                      >
                        {formatCents(p.amount)}
                        {p.refunded > 0 && (
                          <span className="block text-xs font-normal text-slate-600">{formatCents(p.refunded)} refunded</span>
                        )}
                      </td>
                      <td role="cell" className={`${cell} col-start-2 row-start-2 text-right sm:text-left`}>
                        <PaymentStatusBadge status={p.status} />
                        {p.refundStatus && (
                          <span className="ml-1 inline-block rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">
                            {p.refundStatus}
                          </span>
                        )}
                        <DisputeBadge dispute={p.dispute} />
                      </td>
                      <td role="cell" className={`${cell} col-span-2 sm:text-right`}>
                        {p.receiptNumber && (
                          <a
                            href={receiptHref(p.id)}
                            download
                            className="inline-flex items-center gap-1 text-xs font-semibold text-brand-700 hover:underline"
                            aria-label={`Receipt ${p.receiptNumber} (PDF)`}
                          >
                            <Download className="h-3.5 w-3.5" aria-hidden="true" />
                            Receipt
                          </a>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore list={payments} />
          </>
        )}
      </QueryState>
    </Page>
  );
}

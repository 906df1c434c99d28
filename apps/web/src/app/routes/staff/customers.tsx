import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { LoadMore } from '@/components/ui/load-more';
import { QueryState } from '@/components/ui/query-state';
import { STACKED_HEAD, STACKED_ROW, StackedCell } from '@/components/ui/stacked-cell';
import { useStaffCustomers } from '@/features/staff/api/customers';
import { SearchBox } from '@/features/staff/components/list-controls';
import { formatShortDate } from '@/lib/format';
import { paths } from '@/lib/paths';

/** /staff/customers: newest account first, searchable by name, e-mail or phone, 25 at a time with "Load more". */
export function Component() {
  const [q, setQ] = useState('');
  const customers = useStaffCustomers({ q: q.trim() || undefined });
  return (
    <Page title="Customers">
      <SearchBox
        label="Search customers"
        placeholder="Search by name, e-mail or phone"
        className="mb-4 max-w-md"
        value={q}
        onChange={setQ}
      />
      <QueryState query={customers} pending="Loading customers..." error="Could not load the customers." empty="No customers match.">
        {(list) => (
          <>
            <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full text-left text-sm">
                <thead className={`bg-slate-50 text-xs uppercase tracking-wide text-slate-700 ${STACKED_HEAD}`}>
                  <tr>
                    <th scope="col" className="px-4 py-3">Name</th>
                    <th scope="col" className="px-4 py-3">E-mail</th>
                    <th scope="col" className="px-4 py-3">Phone</th>
                    <th scope="col" className="px-4 py-3">Joined</th>
                    <th scope="col" className="px-4 py-3">Active subscriptions</th>
                    <th scope="col" className="px-4 py-3">Last payment</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((customer) => (
                    <tr key={customer.id} className={`border-t border-slate-200 ${STACKED_ROW} max-sm:px-4`}>
                      <StackedCell label="Name" className="px-4 py-3 font-medium max-sm:px-0">
                        <Link to={paths.staffCustomer(customer.id)} className="text-brand-700 underline">
                          {customer.name || customer.email}
                        </Link>
                      </StackedCell>
                      <StackedCell label="E-mail" className="px-4 py-3 text-slate-800 max-sm:px-0">{customer.email}</StackedCell>
                      <StackedCell label="Phone" className="px-4 py-3 text-slate-800 max-sm:px-0">{customer.phone ?? '—'}</StackedCell>
                      <StackedCell label="Joined" className="px-4 py-3 text-slate-800 max-sm:px-0">{formatShortDate(customer.joinedTimestamp)}</StackedCell>
                      <StackedCell label="Active subscriptions" className="px-4 py-3 text-slate-800 max-sm:px-0">{customer.activeSubscriptions}</StackedCell>
                      <StackedCell label="Last payment" className="px-4 py-3 text-slate-800 max-sm:px-0">{customer.lastPaymentTimestamp ? formatShortDate(customer.lastPaymentTimestamp) : 'None'}</StackedCell>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore list={customers} label="Load more customers" />
          </>
        )}
      </QueryState>
    </Page>
  );
}

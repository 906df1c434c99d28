import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { LoadMore } from '@/components/ui/load-more';
import { QueryState } from '@/components/ui/query-state';
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
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-700">
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
                    <tr key={customer.id} className="border-t border-slate-200">
                      <td className="px-4 py-3 font-medium">
                        <Link to={paths.staffCustomer(customer.id)} className="text-brand-700 underline">
                          {customer.name || customer.email}
                        </Link>
                      </td>
                      <td className="px-4 py-3 text-slate-800">{customer.email}</td>
                      <td className="px-4 py-3 text-slate-800">{customer.phone ?? '—'}</td>
                      <td className="px-4 py-3 text-slate-800">{formatShortDate(customer.joinedTimestamp)}</td>
                      <td className="px-4 py-3 text-slate-800">{customer.activeSubscriptions}</td>
                      <td className="px-4 py-3 text-slate-800">{customer.lastPaymentTimestamp ? formatShortDate(customer.lastPaymentTimestamp) : 'None'}</td>
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

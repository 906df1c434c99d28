import { useState } from 'react';
import { useCustomerMatches } from '../api/customers';

/** Picks a customer by name or e-mail: the project form's, which the console's pages hand to it. */
export function CustomerPicker({ onPick, error }: { onPick: (customer: { id: string; name: string; email: string }) => void; error?: string }) {
  const [q, setQ] = useState('');
  const found = useCustomerMatches(q.trim(), 5);
  return (
    <div>
      <label htmlFor="project-customer-search" className="mb-1 block text-sm font-medium text-slate-800">
        Customer
      </label>
      <input
        id="project-customer-search"
        type="search"
        value={q}
        onChange={(event) => setQ(event.target.value)}
        placeholder="Search by name or e-mail"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'project-customer-error' : undefined}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base"
      />
      {error && (
        <p id="project-customer-error" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {found.data && q.trim().length >= 2 && (
        <ul aria-label="Matching customers" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {found.data.customers.length === 0 && <li className="p-2 text-sm text-slate-600">No customers match.</li>}
          {found.data.customers.map((customer) => (
            <li key={customer.id}>
              <button type="button" className="w-full p-2 text-left text-sm hover:bg-slate-50" onClick={() => onPick(customer)}>
                <span className="font-medium">{customer.name}</span> <span className="text-slate-600">{customer.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

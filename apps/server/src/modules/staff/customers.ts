import { type StaffCustomer, type StaffCustomerRow } from '@portal/contracts/staff';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../../platform/db/client.ts';
import { pageFrom } from '../../platform/db/keyset.ts';
import { notFound } from '../../platform/http/errors.ts';
import * as repo from './repository.ts';

type CustomerRow = NonNullable<Awaited<ReturnType<typeof repo.findCustomer>>>;

const toRow = (row: CustomerRow): StaffCustomerRow => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  joinedTimestamp: row.createdAt.getTime(),
  activeSubscriptions: row.activeSubscriptions,
  lastPaymentTimestamp: row.lastPaymentAt ? row.lastPaymentAt.getTime() : null,
});

/** /staff/customers: newest account first, searchable, a page at a time. */
export async function listCustomers(db: Db, filter: PageQuery & { q?: string }) {
  const page = pageFrom(await repo.listCustomers(db, filter), filter.limit);
  return { customers: page.rows.map(toRow), nextCursor: page.nextCursor };
}

/** /staff/customers/{userId}: the profile; each section of the page is a list of its own (below, and other modules'). */
export async function customerOf(db: Db, userId: string): Promise<StaffCustomer> {
  const row = await repo.findCustomer(db, userId);
  if (!row) throw notFound('Customer not found.');
  return { profile: { ...toRow(row), profileImageUrl: row.image } };
}

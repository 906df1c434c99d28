import { CUSTOMER_SECTION_LIMIT, type StaffCustomer, type StaffCustomerRow } from '@portal/contracts/staff';
import type { PageQuery } from '@portal/contracts/page';
import type { Db } from '../../platform/db/client.ts';
import { pageFrom } from '../../platform/db/keyset.ts';
import { notFound } from '../../platform/http/errors.ts';
import { latestDisputes } from '../billing/index.ts';
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

/** /staff/customers/{userId}: each section newest first, at most CUSTOMER_SECTION_LIMIT rows. */
export async function customerOf(db: Db, userId: string): Promise<StaffCustomer> {
  const row = await repo.findCustomer(db, userId);
  if (!row) throw notFound('Customer not found.');
  const limit = CUSTOMER_SECTION_LIMIT;
  const [subscriptions, cards, payments, questionnaires] = await Promise.all([
    repo.listSubscriptionsOf(db, userId, limit),
    repo.listCardsOf(db, userId, limit),
    repo.listPaymentsOf(db, userId, limit),
    repo.listQuestionnairesOf(db, userId, limit),
  ]);
  const disputes = await latestDisputes(db, payments.map((p) => p.id));
  return {
    profile: { ...toRow(row), profileImageUrl: row.image },
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      status: s.status,
      serviceTitle: s.serviceTitle,
      price: s.price,
      recurring: s.recurring,
      startDate: s.startDate.getTime(),
      dueDate: s.dueDate.getTime(),
      cancelledAt: s.cancelledAt ? s.cancelledAt.getTime() : null,
    })),
    cards: cards.map((c) => ({ ...c, createdAt: c.createdAt.getTime() })),
    payments: payments.map((p) => ({ ...p, createdAt: p.createdAt.getTime(), dispute: disputes.get(p.id) ?? null })),
    questionnaires: questionnaires.map((q) => ({
      subscriptionId: q.subscriptionId,
      serviceTitle: q.serviceTitle,
      submittedTimestamp: q.submittedAt.getTime(),
      answers: q.answers,
    })),
  };
}

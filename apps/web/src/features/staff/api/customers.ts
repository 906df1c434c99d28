import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StaffAuditFilter, StaffCustomerListQuery } from '@portal/contracts/staff';
import { routeQuery } from '@/lib/api-client';
import { usePages } from '@/lib/pages';

const { listStaffCustomers, getStaffCustomer, listCustomerAudit, listStaffAudit, listCustomerMail } = routes.staff;

/** /staff/customers: newest account first, 25 a page with "Load more". */
export const useStaffCustomers = (query: StaffCustomerListQuery) =>
  usePages(listStaffCustomers, { query }, (pages) => pages.flatMap((page) => page.customers), { keepPrevious: true });

/** The first few customers matching `q` (two characters at least), for a picker. */
export function useCustomerMatches(q: string, limit: number) {
  return useQuery({ ...routeQuery(listStaffCustomers, { query: { q, limit } }), placeholderData: keepPreviousData, enabled: q.length >= 2 });
}

export function useStaffCustomer(userId: string) {
  return useQuery({ ...routeQuery(getStaffCustomer, { params: { userId } }), retry: false, enabled: userId !== '' });
}

/** Staff writes concerning the customer, newest first, 25 a page; the `audit:<customer>` topic reads the first again. */
export const useCustomerAudit = (userId: string) => usePages(listCustomerAudit, { params: { userId } }, (pages) => pages.flatMap((page) => page.entries));

/** /staff/audit: every staff change, newest first, as filtered; the filters go with each page's cursor. */
export const useStaffAudit = (query: StaffAuditFilter) =>
  usePages(listStaffAudit, { query }, (pages) => pages.flatMap((page) => page.entries), { keepPrevious: true });

/** The e-mails queued for a customer, newest first, with whether each went out and the server's answer if not. */
export const useCustomerMail = (userId: string) => usePages(listCustomerMail, { params: { userId } }, (pages) => pages.flatMap((page) => page.mails));

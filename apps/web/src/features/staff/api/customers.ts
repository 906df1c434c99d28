import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { NewStepInput, StaffAuditFilter, StaffCustomerListQuery } from '@portal/contracts/staff';
import { api, queryKeyOf, routeQuery } from '@/lib/api-client';
import { usePages } from '@/lib/pages';

const { listStaffCustomers, getStaffCustomer, listCustomerAudit, listStaffAudit, listCustomerMail } = routes.staff;
const { getStaffSteps, setStepStatus, addStep } = routes.onboarding;

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

/** A subscription's steps; the `steps` topic keeps them live (and the customer's page follows staff edits). */
export function useStaffSteps(subscriptionId: string) {
  return useQuery(routeQuery(getStaffSteps, { params: { subscriptionId } }));
}

/** Edits stay pending until the steps are read again, so a control never flicks back to the old value. */
function useRefetchSteps(subscriptionId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeyOf(getStaffSteps, { params: { subscriptionId } }) });
}

export function useUpdateStep(subscriptionId: string) {
  const refetch = useRefetchSteps(subscriptionId);
  return useMutation({
    mutationFn: ({ stepId, ...body }: { stepId: string; stepStatus?: string; stepDetails?: string; place?: string | null | undefined }) =>
      api(setStepStatus, { params: { subscriptionId, stepId }, body }),
    onSuccess: refetch,
  });
}

export function useAddStep(subscriptionId: string) {
  const refetch = useRefetchSteps(subscriptionId);
  return useMutation({ mutationFn: (step: NewStepInput) => api(addStep, { params: { subscriptionId }, body: step }), onSuccess: refetch });
}

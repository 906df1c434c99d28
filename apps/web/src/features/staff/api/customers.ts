import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StaffCustomerListQuery } from '@portal/contracts/staff';
import { api, queryKeyOf, routeQuery } from '@/lib/api-client';

const { listStaffCustomers, getStaffCustomer, listCustomerAudit, listCustomerMail } = routes.staff;
const { getStaffSteps, setStepStatus, addStep } = routes.onboarding;

export function useStaffCustomers(query: StaffCustomerListQuery, enabled = true) {
  return useQuery({ ...routeQuery(listStaffCustomers, { query }), placeholderData: keepPreviousData, enabled });
}

export function useStaffCustomer(userId: string) {
  return useQuery({ ...routeQuery(getStaffCustomer, { params: { userId } }), retry: false, enabled: userId !== '' });
}

export function useCustomerAudit(userId: string, page: number) {
  return useQuery({ ...routeQuery(listCustomerAudit, { params: { userId }, query: { page } }), placeholderData: keepPreviousData });
}

/** The e-mails queued for a customer, newest first, with whether each went out and the server's answer if not. */
export function useCustomerMail(userId: string, page: number) {
  return useQuery({ ...routeQuery(listCustomerMail, { params: { userId }, query: { page } }), placeholderData: keepPreviousData });
}

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
    mutationFn: ({ stepId, ...body }: { stepId: string; stepStatus?: string; stepDetails?: string }) =>
      api(setStepStatus, { params: { subscriptionId, stepId }, body }),
    onSuccess: refetch,
  });
}

export function useAddStep(subscriptionId: string) {
  const refetch = useRefetchSteps(subscriptionId);
  return useMutation({ mutationFn: (stepDetails: string) => api(addStep, { params: { subscriptionId }, body: { stepDetails } }), onSuccess: refetch });
}

import { useMutation, useQuery } from '@tanstack/react-query';
import type { DeletionRequestInput } from '@portal/contracts/content';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

/** FAQs, live: the `faqs` topic refreshes an open page as they are changed. */
export function useFaqs() {
  return useQuery({ ...routeQuery(routes.content.listFaqs), select: (data) => data.faqs });
}

/** Sorted by category, then title, by the server (spec §9); live through the `help-guides` topic. */
export function useHelpGuides() {
  return useQuery({ ...routeQuery(routes.content.listHelpGuides), select: (data) => data.guides });
}

export function useRequestDeletion() {
  return useMutation({ mutationFn: (body: DeletionRequestInput) => api(routes.account.requestAccountDeletion, { body }) });
}

import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

/** FAQs, live: the `faqs` topic refreshes an open page as they are changed. */
export function useFaqs() {
  return useQuery({ ...routeQuery(routes.help.listFaqs), select: (data) => data.faqs });
}

/** Sorted by category, then title, by the server (spec §9); live through the `help-guides` topic. */
export function useHelpGuides() {
  return useQuery({ ...routeQuery(routes.help.listHelpGuides), select: (data) => data.guides });
}

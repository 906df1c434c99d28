import { routes } from '@portal/contracts/routes';
import { usePages } from '@/lib/pages';

/** The customer page's questionnaire answers: newest first, 25 a page with "Load more". */
export const useCustomerQuestionnaires = (userId: string) =>
  usePages(routes.onboarding.listCustomerQuestionnaires, { params: { userId } }, (pages) => pages.flatMap((page) => page.questionnaires));

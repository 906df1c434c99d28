import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerInput, QuestionnaireDraftInput } from '@portal/contracts/onboarding';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';
import { actionCenterQuery } from './dashboard';

const { getQuestionnaire, submitQuestionnaire, saveQuestionnaireDraft } = routes.onboarding;
const questionnaireQuery = (subscriptionId: string) => routeQuery(getQuestionnaire, { params: { subscriptionId } });

/** The questions, any saved answers and any draft of a subscription of the user. */
export function useQuestionnaire(subscriptionId: string) {
  return useQuery({
    ...questionnaireQuery(subscriptionId),
    enabled: subscriptionId.trim() !== '',
    retry: false,
    // Saved answers seed the form once; a refetch while typing must not reset it.
    staleTime: Infinity,
  });
}

export function useSubmitQuestionnaire(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswerInput[]) => api(submitQuestionnaire, { params: { subscriptionId }, body: { answers } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: questionnaireQuery(subscriptionId).queryKey });
      await queryClient.invalidateQueries({ queryKey: actionCenterQuery().queryKey });
    },
  });
}

/**
 * Keeps the answers entered so far on the server. The page's own form already shows them, so nothing refetches;
 * the cached questionnaire takes the draft, so that coming back to the page shows it.
 */
export function useSaveQuestionnaireDraft(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: QuestionnaireDraftInput) => api(saveQuestionnaireDraft, { params: { subscriptionId }, body: draft }),
    onSuccess: (draft) =>
      queryClient.setQueryData(questionnaireQuery(subscriptionId).queryKey, (cached) => cached && { ...cached, draft }),
  });
}

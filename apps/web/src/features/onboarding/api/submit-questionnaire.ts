import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formSubmissionSchema, type AnswerInput } from '@portal/contracts/onboarding';
import { api } from '@/lib/api-client';
import { dashboardKey } from './get-action-center';
import { questionnaireKey } from './get-questionnaire';

export const submitQuestionnaire = (subscriptionId: string, answers: AnswerInput[]) =>
  api(`/api/questionnaire/${encodeURIComponent(subscriptionId)}`, {
    method: 'PUT',
    body: { answers },
    schema: formSubmissionSchema,
  });

export function useSubmitQuestionnaire(subscriptionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: AnswerInput[]) => submitQuestionnaire(subscriptionId, answers),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: questionnaireKey(subscriptionId) });
      await queryClient.invalidateQueries({ queryKey: dashboardKey });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { QuestionInput } from '@portal/contracts/onboarding';
import { api, routeQuery } from '@/lib/api-client';

const { listStaffQuestions, createQuestion, updateQuestion, moveQuestion, deleteQuestion } = routes.onboarding;

export function useStaffQuestions() {
  return useQuery(routeQuery(listStaffQuestions));
}

/** Writes to questions; every `questionnaire` query (this list, customers' open questionnaires) refetches. */
export function useQuestionChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listStaffQuestions.topic] });
  return {
    save: useMutation({
      mutationFn: ({ questionId, body }: { questionId?: string; body: QuestionInput }) =>
        questionId ? api(updateQuestion, { params: { questionId }, body }) : api(createQuestion, { body }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: ({ questionId, direction }: { questionId: string; direction: 'up' | 'down' }) => api(moveQuestion, { params: { questionId }, body: { direction } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (questionId: string) => api(deleteQuestion, { params: { questionId } }), onSuccess }),
  };
}

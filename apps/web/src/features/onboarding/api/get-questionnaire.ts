import { useQuery } from '@tanstack/react-query';
import { questionnaireSchema } from '@portal/contracts/onboarding';
import { api } from '@/lib/api-client';

export const questionnaireKey = (subscriptionId: string) => ['questionnaire', subscriptionId] as const;

export const getQuestionnaire = (subscriptionId: string) =>
  api(`/api/questionnaire/${encodeURIComponent(subscriptionId)}`, { schema: questionnaireSchema });

/** The questions and any saved answers of a subscription of the user. */
export function useQuestionnaire(subscriptionId: string) {
  return useQuery({
    queryKey: questionnaireKey(subscriptionId),
    queryFn: () => getQuestionnaire(subscriptionId),
    enabled: subscriptionId.trim() !== '',
    retry: false,
    // Saved answers seed the form once; a refetch while typing must not reset it.
    staleTime: Infinity,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StepTemplateInput } from '@portal/contracts/step-templates';
import { api, routeQuery } from '@/lib/api-client';

const { listStepTemplates, createStepTemplate, updateStepTemplate, deleteStepTemplate } = routes.onboarding;

/** Keyed apart from subscriptions' steps (`steps`, id), whose topic it shares. */
export function useStepTemplates() {
  return useQuery({ ...routeQuery(listStepTemplates), queryKey: [listStepTemplates.topic, 'templates'] });
}

/** Writes to the templates; every `steps` query refetches. */
export function useStepTemplateChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listStepTemplates.topic] });
  return {
    save: useMutation({
      mutationFn: ({ templateId, body }: { templateId?: string; body: StepTemplateInput }) =>
        templateId ? api(updateStepTemplate, { params: { templateId }, body }) : api(createStepTemplate, { body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (templateId: string) => api(deleteStepTemplate, { params: { templateId } }), onSuccess }),
  };
}

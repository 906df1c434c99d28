import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StageTemplateInput } from '@portal/contracts/project-stages';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { listStageTemplates, createStageTemplate, updateStageTemplate, deleteStageTemplate, reorderStageTemplates } = routes.projects;

/** The stages every new project starts with; the staff-only `stage-templates` topic keeps it live. */
export const useStageTemplates = () => useQuery(routeQuery(listStageTemplates));

/** `ids` with the one at `index` swapped with its neighbour in `direction`. */
export function movedOrder(ids: readonly string[], index: number, direction: 'up' | 'down'): string[] {
  const other = direction === 'up' ? index - 1 : index + 1;
  if (index < 0 || other < 0 || other >= ids.length) return [...ids];
  const order = [...ids];
  [order[index], order[other]] = [order[other]!, order[index]!];
  return order;
}

export function useStageTemplateChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listStageTemplates.topic] });
  return {
    save: useMutation({
      mutationFn: ({ stageTemplateId, body }: { stageTemplateId?: string; body: StageTemplateInput }) =>
        stageTemplateId ? api(updateStageTemplate, { params: { stageTemplateId }, body }) : api(createStageTemplate, { body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (stageTemplateId: string) => api(deleteStageTemplate, { params: { stageTemplateId } }), onSuccess }),
    reorder: useMutation({ mutationFn: (ids: string[]) => api(reorderStageTemplates, { body: { ids } }), onSuccess }),
  };
}

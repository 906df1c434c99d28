import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewProjectStage, ProjectStageChanges } from '@portal/contracts/project-stages';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { listOwnProjectStages, listProjectStages, addProjectStage, updateProjectStage, reachProjectStage, deleteProjectStage } = routes.projects;

/**
 * The owner's progress line; kept live by the `projects:<id>` topic as staff move the project on. Keyed apart from
 * the project itself, whose route has the same topic and id.
 */
export const useOwnProjectStages = (projectId: string) =>
  useQuery({ ...routeQuery(listOwnProjectStages, { params: { projectId } }), queryKey: [listOwnProjectStages.topic, projectId, 'stages'], retry: false });

/** Staff: one project's stages, live through the same topic (keyed apart from the project and the owner's read). */
export const useProjectStages = (projectId: string) =>
  useQuery({ ...routeQuery(listProjectStages, { params: { projectId } }), queryKey: [listProjectStages.topic, projectId, 'staff-stages'] });

/** Staff writes to one project's stages; every `projects` query refetches (the project's status may change too). */
export function useProjectStageChanges(projectId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [listProjectStages.topic] });
  return {
    add: useMutation({ mutationFn: (body: NewProjectStage) => api(addProjectStage, { params: { projectId }, body }), onSuccess }),
    update: useMutation({
      mutationFn: ({ stageId, body }: { stageId: string; body: ProjectStageChanges }) => api(updateProjectStage, { params: { projectId, stageId }, body }),
      onSuccess,
    }),
    reach: useMutation({ mutationFn: (stageId: string) => api(reachProjectStage, { params: { projectId, stageId } }), onSuccess }),
    remove: useMutation({ mutationFn: (stageId: string) => api(deleteProjectStage, { params: { projectId, stageId } }), onSuccess }),
  };
}

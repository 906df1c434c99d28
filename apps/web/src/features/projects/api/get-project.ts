import { useQuery } from '@tanstack/react-query';
import { projectSchema } from '@portal/contracts/projects';
import { api } from '@/lib/api-client';
import { projectsKey } from './get-projects';

export const getProject = (projectId: string) => api(`/api/projects/${encodeURIComponent(projectId)}`, { schema: projectSchema });

/** One of the user's projects; kept live by the `projects:<id>` topic. */
export function useProject(projectId: string) {
  return useQuery({ queryKey: [...projectsKey, projectId], queryFn: () => getProject(projectId), retry: false });
}

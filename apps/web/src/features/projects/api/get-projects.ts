import { useQuery } from '@tanstack/react-query';
import { projectListSchema } from '@portal/contracts/projects';
import { api } from '@/lib/api-client';

/** Every project query starts with this key: the live topic `projects:<id>` refreshes them all. */
export const projectsKey = ['projects'] as const;

/** getUserProjects (spec §7), always created newest first (spec §9). */
export const getProjects = () => api('/api/projects?sortBy=created_newest', { schema: projectListSchema });

export function useProjects() {
  return useQuery({ queryKey: projectsKey, queryFn: getProjects, select: (data) => data.projects });
}

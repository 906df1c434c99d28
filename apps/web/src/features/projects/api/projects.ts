import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';

/** getUserProjects (spec §7), always created newest first (spec §9); live through the `projects` topic. */
export function useProjects() {
  return useQuery({
    ...routeQuery(routes.projects.listProjects, { query: { sortBy: 'created_newest' } }),
    select: (data) => data.projects,
  });
}

/** One of the user's projects; kept live by the `projects:<id>` topic. */
export function useProject(projectId: string) {
  return useQuery({ ...routeQuery(routes.projects.getProject, { params: { projectId } }), retry: false });
}

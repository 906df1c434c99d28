import { useQuery } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { routeQuery } from '@/lib/api-client';
import { usePages } from '@/lib/pages';

/** getUserProjects (spec §7), always created newest first (spec §9), 25 a page; live through the `projects` topic. */
export const useProjects = () =>
  usePages(routes.projects.listProjects, { query: { sortBy: 'created_newest' } }, (pages) => pages.flatMap((page) => page.projects));

/** One of the user's projects; kept live by the `projects:<id>` topic. */
export function useProject(projectId: string) {
  return useQuery({ ...routeQuery(routes.projects.getProject, { params: { projectId } }), retry: false });
}

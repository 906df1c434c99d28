import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { CreateProjectInput, StaffProjectListQuery, UpdateProjectInput } from '@portal/contracts/projects';
import { api, routeQuery } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';
import { usePages } from '@/lib/pages';

const { listStaffProjects, getStaffProject, createProject, updateProject } = routes.projects;

/** Projects created newest first (every one, a customer's, or of one release status), 25 a page with "Load more". */
export const useStaffProjects = (query: StaffProjectListQuery) =>
  usePages(listStaffProjects, { query }, (pages) => pages.flatMap((page) => page.projects), { keepPrevious: true });

/**
 * The customer's subscriptions a new project may be tied to, newest start first, 25 a page with "Load more"; nothing is
 * read until a customer is picked.
 */
export const useSubscriptionChoices = (userId: string) =>
  usePages(routes.subscriptions.listCustomerSubscriptions, { params: { userId } }, (pages) => pages.flatMap((page) => page.subscriptions), {
    enabled: userId !== '',
  });

/** One project with its customer; a missing one answers 404 at once, without retries. */
export const useStaffProject = (projectId: string) => useQuery({ ...routeQuery(getStaffProject, { params: { projectId } }), retry: false });

/** Create or (with a project id) update; the lists refetch at once, the customer's pages through the live topic. */
export function useSaveProject(projectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectInput | UpdateProjectInput) =>
      projectId ? api(updateProject, { params: { projectId }, body }) : api(createProject, { body: body as CreateProjectInput }),
    onSuccess: () => refetchFirstPages(queryClient, [listStaffProjects.topic]),
  });
}

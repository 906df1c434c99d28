import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { CreateProjectInput, StaffProjectListQuery, UpdateProjectInput } from '@portal/contracts/staff';
import { api, routeQuery } from '@/lib/api-client';

const { listStaffProjects, createProject, updateProject } = routes.staff;

export function useStaffProjects(query: StaffProjectListQuery) {
  return useQuery({ ...routeQuery(listStaffProjects, { query }), placeholderData: keepPreviousData });
}

/** Create or (with a project id) update; the lists refetch at once, the customer's pages through the live topic. */
export function useSaveProject(projectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProjectInput | UpdateProjectInput) =>
      projectId ? api(updateProject, { params: { projectId }, body }) : api(createProject, { body: body as CreateProjectInput }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [listStaffProjects.topic] }),
  });
}

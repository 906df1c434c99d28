import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { storeListingRoutes } from '@portal/contracts/routes/store-listing.routes';
import type { StoreListingDraftInput } from '@portal/contracts/store-listing';
import { api, routeQuery } from '@/lib/api-client';

const { getStoreListing, saveStoreListing, getStaffStoreListing, getLaunchChecklist, getStaffLaunchChecklist } = storeListingRoutes;

/**
 * Keys under the project's own (`['projects', id, …]`), so that the project's live topic refetches them, with a name
 * of their own so that they never share an entry with the project itself.
 */
const keyOf = (projectId: string, name: string) => [getStoreListing.topic, projectId, name] as const;

/** The owner's store listing with what is still missing. */
export const useStoreListing = (projectId: string) =>
  useQuery({ ...routeQuery(getStoreListing, { params: { projectId } }), queryKey: keyOf(projectId, 'store-listing'), retry: false });

/** Saves the draft; the answer is the listing as saved, and the project's other reads (the checklist) refetch. */
export function useSaveStoreListing(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreListingDraftInput) => api(saveStoreListing, { params: { projectId }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(keyOf(projectId, 'store-listing'), saved);
      return queryClient.invalidateQueries({ queryKey: keyOf(projectId, 'launch-checklist') });
    },
  });
}

export const useLaunchChecklist = (projectId: string) =>
  useQuery({ ...routeQuery(getLaunchChecklist, { params: { projectId } }), queryKey: keyOf(projectId, 'launch-checklist'), retry: false });

/** Staff: a project's listing (ready or what is missing, and the details). */
export const useStaffStoreListing = (projectId: string) =>
  useQuery({ ...routeQuery(getStaffStoreListing, { params: { projectId } }), queryKey: keyOf(projectId, 'staff-store-listing'), retry: false });

export const useStaffLaunchChecklist = (projectId: string) =>
  useQuery({ ...routeQuery(getStaffLaunchChecklist, { params: { projectId } }), queryKey: keyOf(projectId, 'staff-launch-checklist'), retry: false });

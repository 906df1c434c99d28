import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostPreview, ProjectReviews, ReviewDecision } from '@portal/contracts/project-reviews';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';

const { listProjectReviews, decideProjectReview, listStaffProjectReviews, postProjectPreview } = routes.projects;

/**
 * The key of a project's review history: under the `projects` root, so the project's live topic refetches it, and
 * apart from the project itself (whose key is the same route root and id).
 */
const reviewsKey = (projectId: string, asStaff: boolean) => ['projects', projectId, asStaff ? 'staff-reviews' : 'reviews'] as const;

/** The stages and every preview and decision of a project, for its owner or (asStaff) for staff. */
export function useProjectReviews(projectId: string, asStaff = false) {
  return useQuery({
    queryKey: reviewsKey(projectId, asStaff),
    queryFn: (): Promise<ProjectReviews> =>
      asStaff ? api(listStaffProjectReviews, { params: { projectId } }) : api(listProjectReviews, { params: { projectId } }),
    retry: false,
  });
}

/** The answer of a write is the new history: shown at once, before the live event's refetch. */
function useReviewWrite<I>(projectId: string, asStaff: boolean, write: (input: I) => Promise<ProjectReviews>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (history) => queryClient.setQueryData(reviewsKey(projectId, asStaff), history),
  });
}

/** The owner approves the open round of a stage or asks for changes. */
export const useDecideReview = (projectId: string) =>
  useReviewWrite(projectId, false, (body: ReviewDecision) => api(decideProjectReview, { params: { projectId }, body }));

/** Staff post a preview to a stage. */
export const usePostPreview = (projectId: string) =>
  useReviewWrite(projectId, true, (body: PostPreview) => api(postProjectPreview, { params: { projectId }, body }));

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listSavedReplies } from '@portal/contracts/routes/support-inbox.routes';
import { routeQuery } from '@/lib/api-client';

/** How many saved replies the `/` picker offers at once. */
export const PICKER_LIMIT = 8;

/** The saved replies whose title or text has `query` (staff's `/` picker); nothing is read while it is null. */
export function useSavedReplyMatches(query: string | null) {
  return useQuery({
    ...routeQuery(listSavedReplies, { query: { q: query ?? '', limit: PICKER_LIMIT } }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    select: (data) => data.replies,
  });
}

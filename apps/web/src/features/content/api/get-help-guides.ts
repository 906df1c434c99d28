import { useQuery } from '@tanstack/react-query';
import { helpGuideListSchema } from '@portal/contracts/content';
import { api } from '@/lib/api-client';

export const helpGuidesQueryKey = ['help-guides'] as const;

/** Sorted by category, then title, by the server (spec §9). */
export const fetchHelpGuides = () => api('/api/help-guides', { schema: helpGuideListSchema });

export function useHelpGuides() {
  return useQuery({ queryKey: helpGuidesQueryKey, queryFn: fetchHelpGuides, select: (data) => data.guides });
}

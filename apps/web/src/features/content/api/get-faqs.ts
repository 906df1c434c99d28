import { useQuery } from '@tanstack/react-query';
import { faqListSchema } from '@portal/contracts/content';
import { api } from '@/lib/api-client';

// Key root 'faqs' matches the live topic, so an open page shows changes as they are made.
export const faqsQueryKey = ['faqs'] as const;

export const fetchFaqs = () => api('/api/faqs', { schema: faqListSchema });

export function useFaqs() {
  return useQuery({ queryKey: faqsQueryKey, queryFn: fetchFaqs, select: (data) => data.faqs });
}

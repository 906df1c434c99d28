import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FaqInput, GuideInput } from '@portal/contracts/help';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';

const { createFaq, updateFaq, moveFaq, deleteFaq, createHelpGuide, updateHelpGuide, deleteHelpGuide } = routes.help;

/** Writes to FAQs; every `faqs` query (the editor's list, customers' FAQ pages) refetches. */
export function useFaqChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [createFaq.topic] });
  return {
    save: useMutation({
      mutationFn: ({ faqId, body }: { faqId?: string; body: FaqInput }) =>
        faqId ? api(updateFaq, { params: { faqId }, body }) : api(createFaq, { body }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: ({ faqId, direction }: { faqId: string; direction: 'up' | 'down' }) => api(moveFaq, { params: { faqId }, body: { direction } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (faqId: string) => api(deleteFaq, { params: { faqId } }), onSuccess }),
  };
}

/** Writes to help guides; every `help-guides` query refetches. */
export function useGuideChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [createHelpGuide.topic] });
  return {
    save: useMutation({
      mutationFn: ({ guideId, body }: { guideId?: string; body: GuideInput }) =>
        guideId ? api(updateHelpGuide, { params: { guideId }, body }) : api(createHelpGuide, { body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (guideId: string) => api(deleteHelpGuide, { params: { guideId } }), onSuccess }),
  };
}

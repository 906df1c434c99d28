import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortfolioEntryInput, TrustedBusinessInput } from '@portal/contracts/showcase';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';

const r = routes.content;

/** Writes to the portfolio; every `portfolio` query (the editor's list, the public page) refetches. */
export function usePortfolioChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [r.createPortfolioEntry.topic] });
  return {
    save: useMutation({
      mutationFn: ({ entryId, body }: { entryId?: string; body: PortfolioEntryInput }) =>
        entryId ? api(r.updatePortfolioEntry, { params: { entryId }, body }) : api(r.createPortfolioEntry, { body }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: ({ entryId, direction }: { entryId: string; direction: 'up' | 'down' }) => api(r.movePortfolioEntry, { params: { entryId }, body: { direction } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (entryId: string) => api(r.deletePortfolioEntry, { params: { entryId } }), onSuccess }),
  };
}

/** Writes to the "Trusted by" names; every `trusted-by` query refetches. */
export function useTrustedByChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: [r.createTrustedBusiness.topic] });
  return {
    save: useMutation({
      mutationFn: ({ businessId, body }: { businessId?: string; body: TrustedBusinessInput }) =>
        businessId ? api(r.updateTrustedBusiness, { params: { businessId }, body }) : api(r.createTrustedBusiness, { body }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: ({ businessId, direction }: { businessId: string; direction: 'up' | 'down' }) =>
        api(r.moveTrustedBusiness, { params: { businessId }, body: { direction } }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (businessId: string) => api(r.deleteTrustedBusiness, { params: { businessId } }), onSuccess }),
  };
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportInboxRoutes } from '@portal/contracts/routes/support-inbox.routes';
import type { RateChatInput } from '@portal/contracts/support-inbox';
import { api, routeQuery } from '@/lib/api-client';

const { getChatRating, rateChat } = supportInboxRoutes;

/** Whether the chat's latest closing may be rated, and its rating; keyed under `chats`, so a reopen refreshes it. */
export const useChatRating = (chatId: string) => useQuery(routeQuery(getChatRating, { params: { chatId } }));

/** The customer rates the closed chat (once per closing). */
export function useRateChat(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RateChatInput) => api(rateChat, { params: { chatId }, body }),
    onSuccess: (rating) => queryClient.setQueryData(routeQuery(getChatRating, { params: { chatId } }).queryKey, rating),
  });
}

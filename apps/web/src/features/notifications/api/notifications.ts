import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailPreferences } from '@portal/contracts/notifications';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { getMailPreferences, updateMailPreferences, markChatSeen, confirmAccountDeletion } = routes.notifications;

/** Which optional e-mails the signed-in user gets. */
export function useMailPreferences() {
  return useQuery(routeQuery(getMailPreferences));
}

/** Saves the preferences; the boxes show the new choice at once and go back if saving fails. */
export function useSaveMailPreferences() {
  const queryClient = useQueryClient();
  const key = routeQuery(getMailPreferences).queryKey;
  return useMutation({
    mutationFn: (body: MailPreferences) => api(updateMailPreferences, { body }),
    onMutate: (next) => {
      const previous = queryClient.getQueryData<MailPreferences>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _next, context) => queryClient.setQueryData(key, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
  });
}

/** How often an open chat page tells the server the customer is there (well under the five-minute mail delay). */
export const CHAT_PRESENCE_INTERVAL_MS = 30_000;

/**
 * While a chat page is open and visible, the server knows: on opening, every half minute, whenever the messages
 * change (`seenCount`), and on coming back to the tab. Replies seen that way send no "support replied" e-mail.
 */
export function useChatPresence(chatId: string, seenCount: number) {
  useEffect(() => {
    if (!chatId) return undefined;
    const ping = () => {
      if (document.visibilityState === 'visible') void api(markChatSeen, { params: { chatId } }).catch(() => undefined);
    };
    ping();
    const timer = window.setInterval(ping, CHAT_PRESENCE_INTERVAL_MS);
    document.addEventListener('visibilitychange', ping);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', ping);
    };
  }, [chatId, seenCount]);
}

/** Follows a deletion-confirmation link. */
export function useConfirmDeletion() {
  return useMutation({ mutationFn: (token: string) => api(confirmAccountDeletion, { body: { token } }) });
}

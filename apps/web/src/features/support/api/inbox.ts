import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { StaffChatListQuery } from '@portal/contracts/team-inbox';
import { wholeChat } from '@portal/contracts/support';
import { api } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';
import { usePages } from '@/lib/pages';

const { listStaffChats, getStaffChat, closeChat, reopenChat, markChatRead } = routes.support;

/**
 * The inbox (OPEN first, then newest activity), 25 a page with "Load more"; kept live by the `chats` topic (a
 * customer's message moves a chat to the top), which reads the first page again.
 */
export const useStaffChats = (query: StaffChatListQuery) =>
  usePages(listStaffChats, { query }, (pages) => pages.flatMap((page) => page.chats), { keepPrevious: true });

/**
 * A chat as staff see it: the customer, and the author of each reply; older messages a page at a time, kept through
 * a live event as for the customer.
 */
export const useStaffChat = (chatId: string) => usePages(getStaffChat, { params: { chatId } }, (pages) => wholeChat(pages), { retry: false, keepOlder: 'messages' });

/** Close or reopen; the lists and the open chat refetch through the live topic and at once here. */
export function useChatStatus(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'OPEN' | 'CLOSED') => api(status === 'CLOSED' ? closeChat : reopenChat, { params: { chatId } }),
    onSuccess: () => refetchFirstPages(queryClient, [listStaffChats.topic]),
  });
}

/** Support has read the chat: its unread count clears and the customer sees "Seen". */
export function useMarkChatRead() {
  return useMutation({ mutationFn: (chatId: string) => api(markChatRead, { params: { chatId } }) });
}

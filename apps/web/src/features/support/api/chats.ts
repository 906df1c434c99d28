import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { wholeChat, type CreateChatInput, type SendMessageInput } from '@portal/contracts/support';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';
import { primePages, usePages } from '@/lib/pages';

const { listChats, getChat, createChat, sendMessage } = routes.support;
/** Every chat read is keyed under the `chats` topic: the live topic `chats:<id>` refreshes them all. */
const chatsQuery = () => routeQuery(listChats);

/** The signed-in user's chats, most recent activity first, 25 a page. */
export const useChats = () => usePages(listChats, {}, (pages) => pages.flatMap((page) => page.chats));

const chatReading = { retry: false, keepOlder: 'messages' } as const;

/**
 * One chat with its messages, oldest first, older pages on request; kept live by the `chats:<id>` topic, which reads
 * its newest page again and keeps the older ones read so far.
 */
export const useChat = (chatId: string) => usePages(getChat, { params: { chatId } }, wholeChat, chatReading);
/** Starts a chat's read while its page loads. */
export const primeChat = (queryClient: QueryClient, chatId: string) => primePages(queryClient, getChat, { params: { chatId } }, chatReading);

/** createSupportChat (spec §7): a reason and a first message. */
export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatInput) => api(createChat, { body }),
    onSuccess: () => refetchFirstPages(queryClient, chatsQuery().queryKey),
  });
}

/**
 * sendSupportMessage (spec §7): text, or an image or video already uploaded for this chat. Staff reply through the
 * staff route, which records their name on the reply.
 */
export function useSendMessage(chatId: string, asStaff = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageInput) => api(asStaff ? routes.support.replyToChat : sendMessage, { params: { chatId }, body }),
    onSuccess: () => refetchFirstPages(queryClient, chatsQuery().queryKey),
  });
}

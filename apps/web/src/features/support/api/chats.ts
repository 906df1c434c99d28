import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateChatInput, SendMessageInput } from '@portal/contracts/support';
import { routes } from '@portal/contracts/routes';
import { api, routeQuery } from '@/lib/api-client';

const { listChats, getChat, createChat, sendMessage } = routes.support;
/** Every chat read is keyed under the `chats` topic: the live topic `chats:<id>` refreshes them all. */
const chatsQuery = () => routeQuery(listChats);

/** The signed-in user's chats, most recent activity first. */
export function useChats() {
  return useQuery({ ...chatsQuery(), select: (data) => data.chats });
}

/** One chat with its messages, oldest first; kept live by the `chats:<id>` topic. */
export function useChat(chatId: string) {
  return useQuery({ ...routeQuery(getChat, { params: { chatId } }), retry: false });
}

/** createSupportChat (spec §7): a reason and a first message. */
export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChatInput) => api(createChat, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQuery().queryKey }),
  });
}

/**
 * sendSupportMessage (spec §7): text, or an image or video already uploaded for this chat. Staff reply through the
 * staff route, which records their name on the reply.
 */
export function useSendMessage(chatId: string, asStaff = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessageInput) => api(asStaff ? routes.staff.replyToChat : sendMessage, { params: { chatId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsQuery().queryKey }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { chatDetailSchema } from '@portal/contracts/support';
import { api } from '@/lib/api-client';
import { chatsKey } from './get-chats';

export const chatKey = (chatId: string) => [...chatsKey, chatId] as const;

export const getChat = (chatId: string) => api(`/api/support/chats/${encodeURIComponent(chatId)}`, { schema: chatDetailSchema });

/** One chat with its messages, oldest first; kept live by the `chats:<id>` topic. */
export function useChat(chatId: string) {
  return useQuery({ queryKey: chatKey(chatId), queryFn: () => getChat(chatId), retry: false });
}

import { useQuery } from '@tanstack/react-query';
import { chatListSchema } from '@portal/contracts/support';
import { api } from '@/lib/api-client';

/** Every chat query starts with this key: the live topic `chats:<id>` refreshes them all. */
export const chatsKey = ['chats'] as const;

export const getChats = () => api('/api/support/chats', { schema: chatListSchema });

/** The signed-in user's chats, most recent activity first. */
export function useChats() {
  return useQuery({ queryKey: chatsKey, queryFn: getChats, select: (data) => data.chats });
}

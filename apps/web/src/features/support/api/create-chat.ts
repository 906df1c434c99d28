import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createChatResultSchema, type CreateChatInput } from '@portal/contracts/support';
import { api } from '@/lib/api-client';
import { chatsKey } from './get-chats';

export const createChat = (input: CreateChatInput) =>
  api('/api/support/chats', { method: 'POST', body: input, schema: createChatResultSchema });

/** createSupportChat (spec §7): a reason and a first message. */
export function useCreateChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsKey }),
  });
}

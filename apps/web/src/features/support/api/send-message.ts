import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatMessageSchema, type SendMessageInput } from '@portal/contracts/support';
import { api } from '@/lib/api-client';
import { chatsKey } from './get-chats';

export const sendMessage = (chatId: string, input: SendMessageInput) =>
  api(`/api/support/chats/${encodeURIComponent(chatId)}/messages`, { method: 'POST', body: input, schema: chatMessageSchema });

/** sendSupportMessage (spec §7): text, or an image or video already uploaded for this chat. */
export function useSendMessage(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(chatId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chatsKey }),
  });
}

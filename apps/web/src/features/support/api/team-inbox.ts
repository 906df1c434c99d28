import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import type { AssignChatInput, CreateNoteInput, SavedReplyInput, StaffAlertPreferences } from '@portal/contracts/team-inbox';
import { api, routeQuery } from '@/lib/api-client';
import { refetchFirstPages } from '@/lib/page-refresh';
import { usePages } from '@/lib/pages';

const { assignChat, listAssignableStaff, listChatNotes, addChatNote, listSavedReplies, createSavedReply, updateSavedReply, deleteSavedReply, getInboxAlerts, updateAlertPreferences } =
  routes.support;

/** Assign the chat (or unassign it); the inbox and the chat refetch at once here and through the live topic elsewhere. */
export function useAssignChat(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AssignChatInput) => api(assignChat, { params: { chatId }, body }),
    onSettled: () => refetchFirstPages(queryClient, [assignChat.topic]),
  });
}

export const useAssignableStaff = () => useQuery({ ...routeQuery(listAssignableStaff), select: (data) => data.staff, staleTime: 60_000 });

/** The chat's private notes, newest first, a page at a time; live through the chat's topic (staff only hear it). */
export const useChatNotes = (chatId: string) => usePages(listChatNotes, { params: { chatId } }, (pages) => pages.flatMap((page) => page.notes));

export function useAddNote(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateNoteInput) => api(addChatNote, { params: { chatId }, body }),
    onSuccess: () => refetchFirstPages(queryClient, [addChatNote.topic]),
  });
}

/** Saved replies, oldest first, filtered by `q`, 25 a page. */
export const useSavedReplies = (q?: string) => usePages(listSavedReplies, { query: { q } }, (pages) => pages.flatMap((page) => page.replies), { keepPrevious: true });

/** Writes to saved replies; every `saved-replies` query (this page, the `/` picker) refetches. */
export function useSavedReplyChanges() {
  const queryClient = useQueryClient();
  const onSuccess = () => refetchFirstPages(queryClient, [createSavedReply.topic]);
  return {
    save: useMutation({
      mutationFn: ({ replyId, body }: { replyId?: string; body: SavedReplyInput }) =>
        replyId ? api(updateSavedReply, { params: { replyId }, body }) : api(createSavedReply, { body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (replyId: string) => api(deleteSavedReply, { params: { replyId } }), onSuccess }),
  };
}

/**
 * What waits for this staff member and their alert switches; live through the `chats` topic. Keyed apart from the
 * customer's list of chats, whose key is the bare topic too.
 */
const alertsQuery = () => ({ ...routeQuery(getInboxAlerts), queryKey: [getInboxAlerts.topic, 'inbox-alerts'] as const });
export const useInboxAlerts = () => useQuery(alertsQuery());

export function useSaveAlertPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<StaffAlertPreferences>) => api(updateAlertPreferences, { body }),
    onSuccess: (preferences) => queryClient.setQueryData(alertsQuery().queryKey, (alerts) => (alerts ? { ...alerts, preferences } : alerts)),
  });
}

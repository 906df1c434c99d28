import { CHAT_TEXT_MAX } from '@portal/contracts/support';
import { SAVED_REPLY_TITLE_MAX, savedReplyInputSchema, type SavedReply, type SavedReplyInput } from '@portal/contracts/team-inbox';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useSavedReplyChanges } from '../api/team-inbox';
import { useEditorForm } from '@/components/editor';

/** Create or edit a saved reply: a title to find it by after `/`, and the text it puts in the message box. */
export function SavedReplyForm({ reply, onDone }: { reply?: SavedReply; onDone: () => void }) {
  const { save } = useSavedReplyChanges();
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<SavedReplyInput>(
    savedReplyInputSchema,
    { title: reply?.title ?? '', body: reply?.body ?? '' },
    'Could not save the saved reply. Please try again.',
    onDone,
  );
  const submit = handleSubmit((body) => editor.save(() => save.mutateAsync({ replyId: reply?.id, body })));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="saved-reply-title" label="Title" maxLength={SAVED_REPLY_TITLE_MAX} registration={register('title')} error={errors.title?.message} />
      <TextAreaField id="saved-reply-body" label="Reply" rows={6} maxLength={CHAT_TEXT_MAX} registration={register('body')} error={errors.body?.message} />
      <p className="text-sm text-slate-600">In a chat, type / and part of the title or text to insert it.</p>
      {editor.actions(reply ? 'Save reply' : 'Create reply', formState.isSubmitting)}
    </form>
  );
}

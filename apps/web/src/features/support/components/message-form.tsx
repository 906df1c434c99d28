import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip } from 'lucide-react';
import { CHAT_DOCUMENT_PURPOSE, CHAT_IMAGE_PURPOSE, CHAT_TEXT_MAX, CHAT_VIDEO_PURPOSE, sendMessageSchema } from '@portal/contracts/support';
import { DOCUMENT_CONTENT_TYPE } from '@portal/contracts/uploads';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { UploadCanceledError, useUpload } from '@/lib/uploads';
import { useSendMessage } from '../api/chats';
import { useSavedReplyMatches } from '../api/saved-replies';
import { slashQuery, useSlashPicker } from './slash-reply-picker';
import { useTypingSignal } from '../api/typing';
import { UploadProgress } from './upload-progress';

const SEND_FAILED = 'Failed to send message.';
const UPLOAD_FAILED = 'Failed to upload file.';
/** A closed chat says so; anything else is the generic failure. */
const sendFailure = (failure: unknown) => (failure instanceof ApiError && failure.code === 'CHAT_CLOSED' ? failure.message : SEND_FAILED);

/** The typed message, checked as the contract's text message is (trimmed, not blank, not too long). */
const textFormSchema = sendMessageSchema.options[0].pick({ textMessage: true });

/** Images and videos (spec §5), and PDF documents (the server checks each file's bytes). */
const mediaKind = (file: File) =>
  file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : file.type === DOCUMENT_CONTENT_TYPE ? 'document' : null;
const PURPOSE_OF = { image: CHAT_IMAGE_PURPOSE, video: CHAT_VIDEO_PURPOSE, document: CHAT_DOCUMENT_PURPOSE } as const;

/**
 * Attach, type and send. A chosen file uploads at once (with progress) and is sent when it has arrived. Staff
 * (`asStaff`) reply as support; a refusal (e.g. the chat was closed meanwhile) shows the server's message.
 */
export function MessageForm({ chatId, asStaff = false }: { chatId: string; asStaff?: boolean }) {
  const { register, handleSubmit, reset, control, setValue } = useForm({
    resolver: zodResolver(textFormSchema),
    defaultValues: { textMessage: '' },
  });
  const text = useWatch({ control, name: 'textMessage' });
  const [error, setError] = useState<string | null>(null);
  // Staff insert a saved reply by typing `/` first.
  const matches = useSavedReplyMatches(asStaff ? slashQuery(text) : null);
  const picker = useSlashPicker({ text, replies: matches.data ?? [], enabled: asStaff, onPick: (reply) => setValue('textMessage', reply.body, { shouldDirty: true }) });
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage(chatId, asStaff);
  const signalTyping = useTypingSignal(chatId);
  const upload = useUpload();
  const uploading = upload.snapshot?.state === 'running' || upload.snapshot?.state === 'paused';

  async function attach(file: File) {
    const kind = mediaKind(file);
    if (!kind) {
      window.alert('Invalid file type.');
      return;
    }
    setError(null);
    const task = upload.start(file, { purpose: PURPOSE_OF[kind], targetId: chatId });
    let fileId: string;
    try {
      fileId = (await task.result).fileId;
    } catch (failure) {
      if (!(failure instanceof UploadCanceledError)) setError(UPLOAD_FAILED);
      upload.reset();
      return;
    }
    try {
      await send.mutateAsync({ messageType: kind, uploadId: fileId });
    } catch (failure) {
      setError(sendFailure(failure));
    }
    upload.reset();
  }

  // A blank message is not sent (its button is disabled too); nothing is shown for it.
  const submit = handleSubmit(async ({ textMessage }) => {
    if (uploading) return;
    setError(null);
    try {
      await send.mutateAsync({ messageType: 'text', textMessage });
      reset();
    } catch (failure) {
      setError(sendFailure(failure));
    }
  });

  return (
    <div className="border-t border-slate-200 bg-white p-3 sm:p-4">
      {upload.task && upload.snapshot && <UploadProgress task={upload.task} snapshot={upload.snapshot} />}
      <form onSubmit={(event) => void submit(event)} className="flex items-center gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={`image/*,video/*,${DOCUMENT_CONTENT_TYPE}`}
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void attach(file);
          }}
        />
        <Button
          variant="ghost"
          className="px-2.5"
          aria-label="Attach image or video"
          disabled={uploading}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip className="h-5 w-5" aria-hidden="true" />
        </Button>
        <div className="relative min-w-0 flex-1">
          {picker.listbox}
          <input
            type="text"
            {...register('textMessage', { onChange: signalTyping })}
            {...picker.inputProps}
            placeholder="Type a message..."
            aria-label="Message"
            aria-describedby={asStaff ? 'saved-reply-hint' : undefined}
            maxLength={CHAT_TEXT_MAX}
            className="w-full rounded-full border border-slate-300 px-4 py-2.5 text-base focus:border-brand-600"
          />
        </div>
        <Button type="submit" className="rounded-full" disabled={uploading || send.isPending || !text.trim()}>
          {uploading ? '...' : 'Send'}
        </Button>
      </form>
      {asStaff && (
        <p id="saved-reply-hint" className="mt-1 px-12 text-xs text-slate-600">
          Type / to insert a saved reply.
        </p>
      )}
      {error && (
        <div className="mt-3">
          <ErrorMessage>{error}</ErrorMessage>
        </div>
      )}
    </div>
  );
}

import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Paperclip } from 'lucide-react';
import { CHAT_IMAGE_PURPOSE, CHAT_TEXT_MAX, CHAT_VIDEO_PURPOSE, sendMessageSchema } from '@portal/contracts/support';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { UploadCanceledError, useUpload } from '@/lib/uploads';
import { useSendMessage } from '../api/chats';
import { UploadProgress } from './upload-progress';

const SEND_FAILED = 'Failed to send message.';
const UPLOAD_FAILED = 'Failed to upload file.';
/** A closed chat says so; anything else is the generic failure. */
const sendFailure = (failure: unknown) => (failure instanceof ApiError && failure.code === 'CHAT_CLOSED' ? failure.message : SEND_FAILED);

/** The typed message, checked as the contract's text message is (trimmed, not blank, not too long). */
const textFormSchema = sendMessageSchema.options[0].pick({ textMessage: true });

/** Only images and videos may be attached (spec §5). */
const mediaKind = (file: File) => (file.type.startsWith('image/') ? 'image' : file.type.startsWith('video/') ? 'video' : null);

/**
 * Attach, type and send. A chosen file uploads at once (with progress) and is sent when it has arrived. Staff
 * (`asStaff`) reply as support; a refusal (e.g. the chat was closed meanwhile) shows the server's message.
 */
export function MessageForm({ chatId, asStaff = false }: { chatId: string; asStaff?: boolean }) {
  const { register, handleSubmit, reset, control } = useForm({
    resolver: zodResolver(textFormSchema),
    defaultValues: { textMessage: '' },
  });
  const text = useWatch({ control, name: 'textMessage' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const send = useSendMessage(chatId, asStaff);
  const upload = useUpload();
  const uploading = upload.snapshot?.state === 'running' || upload.snapshot?.state === 'paused';

  async function attach(file: File) {
    const kind = mediaKind(file);
    if (!kind) {
      window.alert('Invalid file type.');
      return;
    }
    setError(null);
    const task = upload.start(file, { purpose: kind === 'image' ? CHAT_IMAGE_PURPOSE : CHAT_VIDEO_PURPOSE, targetId: chatId });
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
          accept="image/*,video/*"
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
        <input
          type="text"
          {...register('textMessage')}
          placeholder="Type a message..."
          aria-label="Message"
          maxLength={CHAT_TEXT_MAX}
          className="min-w-0 flex-1 rounded-full border border-slate-300 px-4 py-2.5 text-base focus:border-brand-600"
        />
        <Button type="submit" className="rounded-full" disabled={uploading || send.isPending || !text.trim()}>
          {uploading ? '...' : 'Send'}
        </Button>
      </form>
      {error && (
        <div className="mt-3">
          <ErrorMessage>{error}</ErrorMessage>
        </div>
      )}
    </div>
  );
}

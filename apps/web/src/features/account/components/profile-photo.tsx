import { useRef, useState } from 'react';
import { Camera, Trash2 } from 'lucide-react';
import type { Me } from '@portal/contracts/auth';
import { PROFILE_PHOTO_FAILED } from '@portal/contracts/account';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { UploadStatus } from '@/components/ui/upload-status';
import { UploadCanceledError, useUpload } from '@/lib/uploads';
import { useRemoveProfilePhoto, useSetProfilePhoto } from '../api/profile';

/**
 * The profile photo (or initials), changing it through the upload service with its progress shown, and removing
 * it. A photo the server refuses (too big, not an image) says why beside the buttons.
 */
export function ProfilePhoto({ user }: { user: Me }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload();
  const setPhoto = useSetProfilePhoto();
  const removePhoto = useRemoveProfilePhoto();
  const [failure, setFailure] = useState<string | null>(null);
  const [askingRemove, setAskingRemove] = useState(false);
  const uploading = upload.snapshot?.state === 'running' || upload.snapshot?.state === 'paused' || setPhoto.isPending;

  async function change(file: File) {
    setFailure(null);
    const task = upload.start(file, { purpose: 'profile-picture', targetId: user.id });
    try {
      const { fileId } = await task.result;
      await setPhoto.mutateAsync(fileId);
    } catch (error) {
      if (!(error instanceof UploadCanceledError)) setFailure(`${PROFILE_PHOTO_FAILED} ${(error as Error).message}`);
    }
    upload.reset();
  }

  function remove() {
    setFailure(null);
    removePhoto.mutate(undefined, { onSuccess: () => setAskingRemove(false) });
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center sm:gap-5">
      <Avatar user={user} size="lg" label={user.profileImageUrl ? 'Profile photo' : 'No profile photo'} />
      <div className="flex w-full max-w-sm flex-col items-center gap-2 sm:items-start">
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="hidden"
          aria-label="Choose a profile photo"
          aria-describedby={failure ? 'profile-photo-error' : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void change(file);
          }}
        />
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" disabled={uploading || removePhoto.isPending} onClick={() => input.current?.click()}>
            <Camera className="h-4 w-4" aria-hidden="true" />
            Change Photo
          </Button>
          {user.profileImageUrl && (
            <Button variant="secondary" disabled={uploading} onClick={() => setAskingRemove(true)}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove
            </Button>
          )}
        </div>
        {upload.task && upload.snapshot?.state !== 'error' && <UploadStatus task={upload.task} />}
        {failure && (
          <p id="profile-photo-error" role="alert" className="text-center text-sm font-medium text-red-700 sm:text-left">
            {failure}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={askingRemove}
        question="Remove your profile photo?"
        description="Your initials will show instead. You can add a photo again at any time."
        confirmLabel="Remove Photo"
        busyLabel="Removing..."
        busy={removePhoto.isPending}
        error={removePhoto.isError ? removePhoto.error.message : null}
        onConfirm={remove}
        onClose={() => {
          setAskingRemove(false);
          removePhoto.reset();
        }}
      />
    </div>
  );
}

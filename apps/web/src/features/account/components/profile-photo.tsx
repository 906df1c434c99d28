import { useRef } from 'react';
import { Camera, UserRound } from 'lucide-react';
import type { Me } from '@portal/contracts/auth';
import { PROFILE_PHOTO_FAILED } from '@portal/contracts/account';
import { Button } from '@/components/ui/button';
import { UploadStatus } from '@/components/ui/upload-status';
import { UploadCanceledError, useUpload } from '@/lib/uploads';
import { useSetProfilePhoto } from '../api/profile';

/** The profile photo, and changing it through the upload service with its progress shown. */
export function ProfilePhoto({ user }: { user: Me }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUpload();
  const setPhoto = useSetProfilePhoto();
  const uploading =
    upload.snapshot?.state === 'running' || upload.snapshot?.state === 'paused' || setPhoto.isPending;

  async function change(file: File) {
    if (!file.type.startsWith('image/')) return window.alert(PROFILE_PHOTO_FAILED);
    const task = upload.start(file, { purpose: 'profile-picture', targetId: user.id });
    try {
      const { fileId } = await task.result;
      await setPhoto.mutateAsync(fileId);
      upload.reset();
    } catch (error) {
      if (!(error instanceof UploadCanceledError)) window.alert(PROFILE_PHOTO_FAILED);
      upload.reset();
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center sm:gap-5">
      {user.profileImageUrl ? (
        <img
          src={user.profileImageUrl}
          alt="Profile photo"
          className="h-24 w-24 rounded-full object-cover ring-4 ring-brand-100"
          width={96}
          height={96}
        />
      ) : (
        <span
          className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-100 text-brand-800"
          role="img"
          aria-label="No profile photo"
        >
          <UserRound className="h-12 w-12" aria-hidden="true" />
        </span>
      )}
      <div className="flex w-full max-w-sm flex-col gap-2">
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="hidden"
          aria-label="Choose a profile photo"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void change(file);
          }}
        />
        <div>
          <Button variant="secondary" disabled={uploading} onClick={() => input.current?.click()}>
            <Camera className="h-4 w-4" aria-hidden="true" />
            Change Photo
          </Button>
        </div>
        {upload.task && upload.snapshot?.state !== 'error' && <UploadStatus task={upload.task} />}
      </div>
    </div>
  );
}

import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Banner, BANNER_IMAGE_PURPOSE, BANNER_IMAGE_TARGET, type BannerInput, bannerInputSchema } from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { UploadStatus } from '@/components/ui/upload-status';
import { ApiError } from '@/lib/api-client';
import { UploadCanceledError, useUpload } from '@/lib/uploads';
import { useBannerChanges } from '../../api/banner-editor';

/** Create or edit a featured banner: its image uploaded through tus, a link, and the words shown over the image. */
export function BannerForm({ banner, onDone }: { banner?: Banner; onDone: () => void }) {
  const { save } = useBannerChanges();
  const upload = useUpload();
  const fileInput = useRef<HTMLInputElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setValue, watch, formState } = useForm<BannerInput>({
    resolver: zodResolver(bannerInputSchema),
    defaultValues: { imageUrl: banner?.imageUrl ?? '', linkUrl: banner?.linkUrl ?? '', title: banner?.title ?? '', subtitle: banner?.subtitle ?? '' },
  });
  const image = watch('imageUrl');
  const errors = formState.errors;

  async function uploadImage(file: File) {
    if (!file.type.startsWith('image/')) return setFailure('The banner image must be an image.');
    setFailure(null);
    try {
      const { url } = await upload.start(file, { purpose: BANNER_IMAGE_PURPOSE, targetId: BANNER_IMAGE_TARGET }).result;
      setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true });
      upload.reset();
    } catch (error) {
      if (!(error instanceof UploadCanceledError)) setFailure('Failed to upload the image.');
    }
  }

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await save.mutateAsync({ bannerId: banner?.id, body });
      onDone();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Could not save the banner. Please try again.');
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      <div>
        <p className="mb-1 text-sm font-medium text-slate-800">Image</p>
        {image ? (
          <img src={image} alt="Banner image preview" className="aspect-[3/1] w-full rounded-xl border border-slate-200 object-cover" />
        ) : (
          <p className="text-sm text-slate-600">No image yet.</p>
        )}
        <input ref={fileInput} type="file" accept="image/*" className="hidden" tabIndex={-1} aria-hidden="true" data-testid="banner-image-input" onChange={(event) => { const file = event.target.files?.[0]; event.target.value = ''; if (file) void uploadImage(file); }} />
        <Button variant="secondary" className="mt-2" onClick={() => fileInput.current?.click()}>{image ? 'Replace image' : 'Upload image'}</Button>
        {upload.task && <UploadStatus task={upload.task} className="mt-2" />}
        {errors.imageUrl?.message && <p className="mt-1 text-sm text-red-700">{errors.imageUrl.message}</p>}
      </div>
      <TextField id="banner-title" label="Title (optional)" registration={register('title')} error={errors.title?.message} />
      <TextField id="banner-subtitle" label="Subtitle (optional)" registration={register('subtitle')} error={errors.subtitle?.message} />
      <TextField id="banner-link" label="Link (optional): an http(s) URL or a portal path" placeholder="/select-plan" registration={register('linkUrl')} error={errors.linkUrl?.message} />
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={formState.isSubmitting || upload.snapshot?.state === 'running'}>{banner ? 'Save banner' : 'Create banner'}</Button>
      </div>
    </form>
  );
}

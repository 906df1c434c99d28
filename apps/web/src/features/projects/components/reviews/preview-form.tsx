import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Upload } from 'lucide-react';
import { PROJECT_PREVIEW_PURPOSE, REVIEW_ATTACHMENTS_MAX, REVIEW_COMMENT_MAX, type ReviewStage } from '@portal/contracts/project-reviews';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { usePostPreview } from '../../api/reviews';
import { FilePicker } from './file-picker';
import { UploadList } from './upload-list';
import { useReviewUploads } from './use-review-uploads';

const previewFormSchema = z.object({
  stageId: z.string().min(1, 'Choose a stage.'),
  link: z.string().trim().max(500).refine((v) => v === '' || /^https:\/\/\S+$/i.test(v), 'The link must be an https:// address.'),
  note: z.string().trim().max(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters.`),
});

/** Staff: post a preview (images, a short video, a link to a web build; a note) to a stage not yet approved. */
export function PreviewForm({ projectId, stages }: { projectId: string; stages: ReviewStage[] }) {
  const open = stages.filter((s) => !s.approvedTimestamp);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(previewFormSchema),
    defaultValues: { stageId: open[0]?.stageId ?? '', link: '', note: '' },
  });
  const uploads = useReviewUploads(PROJECT_PREVIEW_PURPOSE, projectId);
  const post = usePostPreview(projectId);
  const files = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [posted, setPosted] = useState(false);

  if (open.length === 0) return <p className="text-slate-600">Every stage is approved: there is nothing left to preview.</p>;

  const submit = handleSubmit(async ({ stageId, link, note }) => {
    setError(null);
    setPosted(false);
    if (uploads.fileIds.length === 0 && !link) {
      setError('Add an image, a video or a link.');
      return;
    }
    try {
      await post.mutateAsync({ stageId, link, note, attachments: uploads.fileIds });
      uploads.clear();
      reset({ stageId, link: '', note: '' });
      setPosted(true);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : 'Could not post the preview. Please try again.');
    }
  }, () => setPosted(false));

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3" aria-label="Post a preview" noValidate>
      <div>
        <label htmlFor="preview-stage" className="mb-1 block text-sm font-medium text-slate-800">
          Stage
        </label>
        <select id="preview-stage" {...register('stageId')} className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600 sm:w-72">
          {open.map((stage) => (
            <option key={stage.stageId} value={stage.stageId}>
              {stage.name}
              {stage.openRound ? ` (round ${stage.openRound} waiting)` : ''}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-2">
        <Button variant="secondary" disabled={uploads.items.length >= REVIEW_ATTACHMENTS_MAX} onClick={() => files.current?.click()}>
          <Upload className="h-4 w-4" aria-hidden="true" /> Add images or a video
        </Button>
        <FilePicker
          ref={files}
          accept="image/*,video/*"
          multiple
          testId="preview-file-input"
          onFiles={(chosen) => chosen.slice(0, REVIEW_ATTACHMENTS_MAX - uploads.items.length).forEach(uploads.add)}
        />
        <UploadList items={uploads.items} onRemove={uploads.remove} label="Files of this preview" />
      </div>
      <TextField id="preview-link" label="Link to a web build (optional)" type="url" placeholder="https://" error={formState.errors.link?.message} registration={register('link')} />
      <TextAreaField id="preview-note" label="Note for the customer (optional)" rows={3} error={formState.errors.note?.message} registration={register('note')} />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {posted && (
        <p role="status" className="text-sm font-medium text-emerald-800">
          Preview posted. The customer has been told.
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={uploads.busy || post.isPending}>
          {post.isPending ? 'Posting...' : 'Post preview'}
        </Button>
      </div>
    </form>
  );
}

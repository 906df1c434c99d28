import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ImagePlus, PenLine } from 'lucide-react';
import { PROJECT_MARKUP_PURPOSE, REVIEW_ATTACHMENTS_MAX, REVIEW_COMMENT_MAX, type ReviewEntry, type ReviewStage } from '@portal/contracts/project-reviews';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/text-field';
import { useDecideReview } from '../../api/reviews';
import { FilePicker } from './file-picker';
import { MarkupDialog } from './markup-dialog';
import { decisionFailure } from './decision-failure';
import { UploadList } from './upload-list';
import { useReviewUploads } from './use-review-uploads';

const changesSchema = z.object({
  comment: z.string().trim().min(1, 'Say what should change.').max(REVIEW_COMMENT_MAX, `At most ${REVIEW_COMMENT_MAX} characters.`),
});

/** Asking for changes: a comment (required) and any screenshots marked up on the preview or of their own. */
export function ChangesForm({ projectId, stage, preview, onDone }: { projectId: string; stage: ReviewStage; preview: ReviewEntry; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(changesSchema), defaultValues: { comment: '' } });
  const uploads = useReviewUploads(PROJECT_MARKUP_PURPOSE, projectId);
  const decide = useDecideReview(projectId);
  const [marking, setMarking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ownImage = useRef<HTMLInputElement>(null);
  const images = preview.attachments.filter((a) => a.kind === 'image').map((a) => a.url);
  const full = uploads.items.length >= REVIEW_ATTACHMENTS_MAX;
  const id = `changes-${stage.stageId}`;

  const submit = handleSubmit(async ({ comment }) => {
    setError(null);
    try {
      await decide.mutateAsync({ stageId: stage.stageId, round: preview.round, decision: 'changes_requested', comment, attachments: uploads.fileIds });
      uploads.clear();
      onDone();
    } catch (failure) {
      setError(decisionFailure(failure));
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-3 rounded-xl border border-amber-200 bg-amber-50/50 p-4" aria-label={`Request changes to ${stage.name}`} noValidate>
      <TextAreaField id={`${id}-comment`} label="What should change?" error={formState.errors.comment?.message} registration={register('comment')} maxLength={REVIEW_COMMENT_MAX} />
      <div className="flex flex-wrap gap-2">
        {images.length > 0 && (
          <Button variant="secondary" disabled={full} onClick={() => setMarking(true)}>
            <PenLine className="h-4 w-4" aria-hidden="true" /> Mark up a preview image
          </Button>
        )}
        <Button variant="secondary" disabled={full} onClick={() => ownImage.current?.click()}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" /> Attach your own image
        </Button>
        <FilePicker ref={ownImage} accept="image/*" testId="markup-file-input" onFiles={([file]) => file && uploads.add(file)} />
      </div>
      <UploadList items={uploads.items} onRemove={uploads.remove} label="Screenshots to send" />
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={uploads.busy || decide.isPending}>
          {decide.isPending ? 'Sending...' : 'Send request for changes'}
        </Button>
      </div>
      <MarkupDialog images={images} open={marking} onClose={() => setMarking(false)} onDone={uploads.add} />
    </form>
  );
}

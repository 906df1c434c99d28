import { useEffect, useRef, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { STORE_LISTING_IMAGE_PURPOSE, type ImageFacts, type ListingImage } from '@portal/contracts/store-listing';
import { Button } from '@/components/ui/button';
import { UploadStatus } from '@/components/ui/upload-status';
import { startUpload, useUploadTask, type UploadTask } from '@/lib/uploads';
import { imageFactsOf } from './image-facts';

interface Pending {
  key: string;
  task: UploadTask;
  facts: ImageFacts;
}

export const sizeText = (image: Pick<ListingImage, 'width' | 'height' | 'format'>) => `${image.width} x ${image.height} ${image.format.toUpperCase()}`;

/** An upload on its way; once finished it becomes an image of the listing, with the size checked before it was sent. */
function PendingImage({ pending, onDone, onGone }: { pending: Pending; onDone(image: ListingImage): void; onGone(): void }) {
  const snapshot = useUploadTask(pending.task);
  const result = snapshot?.result;
  // Reported once, though the parent passes a new callback at each render.
  const reported = useRef(false);
  useEffect(() => {
    if (result && !reported.current) {
      reported.current = true;
      onDone({ uploadId: result.fileId, url: result.url, format: pending.facts.format as ListingImage['format'], width: pending.facts.width, height: pending.facts.height });
    }
  }, [result, onDone, pending.facts]);
  return <UploadStatus task={pending.task} onCancel={onGone} />;
}

let counter = 0;

/**
 * The icon or one device's screenshots: each chosen file is checked against the store's rule before it is uploaded
 * (a refused one is said, with its name, and not sent); the images kept show their size. `max` 1 replaces the image.
 */
export function ListingImages({
  id,
  label,
  hint,
  projectId,
  images,
  max,
  check,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  projectId: string;
  images: ListingImage[];
  max: number;
  check(facts: ImageFacts): string | null;
  error?: string;
  onChange(images: ListingImage[]): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const single = max === 1;
  // The latest images, for uploads that finish after the list changed.
  const latest = useRef(images);
  latest.current = images;

  async function choose(files: File[]) {
    const checked = await Promise.all(files.map(async (file) => ({ file, facts: await imageFactsOf(file) })));
    const problems = checked.map(({ file, facts }) => [file, check(facts)] as const).filter(([, problem]) => problem);
    setRefused(problems.map(([file, problem]) => `${file.name}: ${problem}`));
    const accepted = checked.filter(({ facts }) => !check(facts)).slice(0, single ? 1 : undefined);
    const started = accepted.map(({ file, facts }) => ({
      key: `listing-image-${(counter += 1)}`,
      facts,
      task: startUpload(file, { purpose: STORE_LISTING_IMAGE_PURPOSE, targetId: projectId }),
    }));
    if (single && started.length) pending.forEach((p) => p.task.cancel());
    setPending((current) => (single && started.length ? started : [...current, ...started]));
  }

  const finish = (key: string) => (image: ListingImage) => {
    setPending((current) => current.filter((p) => p.key !== key));
    onChange(single ? [image] : [...latest.current, image]);
  };
  const drop = (key: string) => () => setPending((current) => current.filter((p) => p.key !== key));
  const errorId = `${id}-error`;

  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 p-4" aria-describedby={`${id}-hint${error ? ` ${errorId}` : ''}`}>
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {hint}
      </p>
      {images.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-3" aria-label={label}>
          {images.map((image, index) => (
            <li key={image.uploadId}>
              <figure className="flex w-36 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-2">
                <img src={image.url} alt={`${label} ${single ? '' : index + 1}`.trim()} className="h-24 w-full rounded object-contain" />
                <figcaption className="text-xs text-slate-700">{sizeText(image)}</figcaption>
                <Button variant="ghost" className="px-2 py-1 text-xs" aria-label={`Remove ${label.toLowerCase()} ${single ? '' : index + 1}`.trim()} onClick={() => onChange(images.filter((i) => i.uploadId !== image.uploadId))}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove
                </Button>
              </figure>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-col gap-2">
        {pending.map((p) => (
          <PendingImage key={p.key} pending={p} onDone={finish(p.key)} onGone={drop(p.key)} />
        ))}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        multiple={!single}
        className="hidden"
        tabIndex={-1}
        aria-label={`Choose ${label.toLowerCase()}`}
        data-testid={`${id}-input`}
        onChange={(event) => {
          void choose(Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <Button variant="secondary" className="mt-3" onClick={() => input.current?.click()}>
        <ImagePlus className="h-4 w-4" aria-hidden="true" />
        {single ? (images.length ? 'Replace icon' : 'Upload icon') : 'Add screenshots'}
      </Button>
      {(refused.length > 0 || error) && (
        <div id={errorId} role="alert" className="mt-2 space-y-1 text-sm text-red-700">
          {refused.map((text) => (
            <p key={text}>{text}</p>
          ))}
          {error && <p>{error}</p>}
        </div>
      )}
    </fieldset>
  );
}

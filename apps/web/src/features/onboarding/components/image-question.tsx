import { useCallback, useEffect, useRef, useState } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { questionnaireImageTarget } from '@portal/contracts/uploads';
import type { FormItem } from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { UploadStatus } from '@/components/ui/upload-status';
import { startUpload, useUploadTask } from '@/lib/uploads';
import type { Draft, ImageEntry } from './questionnaire-draft';

function ImageTile({ entry, onRemove, onUploaded }: { entry: ImageEntry; onRemove(): void; onUploaded(url: string): void }) {
  const snapshot = useUploadTask(entry.task);
  const url = entry.url ?? snapshot?.result?.url ?? null;
  // A finished upload becomes part of the answers, so that the draft keeps it.
  const finished = entry.url ? null : (snapshot?.result?.url ?? null);
  useEffect(() => {
    if (finished) onUploaded(finished);
  }, [finished, onUploaded]);
  if (!url && entry.task) return <UploadStatus task={entry.task} onCancel={onRemove} />;
  if (!url) return null;
  return (
    <figure className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
      <img src={url} alt={entry.name} className="h-16 w-16 rounded-md object-cover" />
      <figcaption className="min-w-0 flex-1 truncate text-sm text-slate-700">{entry.name}</figcaption>
      <Button variant="ghost" className="px-2" aria-label={`Remove ${entry.name}`} onClick={onRemove}>
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </Button>
    </figure>
  );
}

let entryCounter = 0;

/**
 * An image question: images only (spec §5); a single-image question keeps one (a new choice replaces it), a
 * multiple-image one adds each. Every image uploads at once, with its progress shown.
 */
export function ImageQuestion({
  item,
  draft,
  subscriptionId,
  onChange,
}: {
  item: FormItem;
  draft: Draft;
  subscriptionId: string;
  onChange(change: (d: Draft) => Draft): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [notImage, setNotImage] = useState(false);
  const multiple = item.type === 'MULTIPLE_IMAGE_UPLOAD';

  function add(files: File[]) {
    const images = files.filter((f) => f.type.startsWith('image/'));
    setNotImage(images.length < files.length);
    if (images.length === 0) return;
    const target = {
      purpose: 'questionnaire-image' as const,
      targetId: questionnaireImageTarget(subscriptionId, item.id),
    };
    const entries = (multiple ? images : images.slice(0, 1)).map((file) => ({
      key: `upload-${(entryCounter += 1)}`,
      name: file.name,
      url: null,
      task: startUpload(file, target),
    }));
    if (!multiple) draft.images.forEach((e) => e.task?.cancel());
    onChange((d) => ({ ...d, images: multiple ? [...d.images, ...entries] : entries }));
  }

  const uploaded = useCallback(
    (key: string, url: string) => onChange((d) => ({ ...d, images: d.images.map((e) => (e.key === key ? { ...e, url } : e)) })),
    [onChange],
  );

  const remove = (key: string) => {
    draft.images.find((e) => e.key === key)?.task?.cancel();
    onChange((d) => ({ ...d, images: d.images.filter((e) => e.key !== key) }));
  };

  return (
    <div className="mt-2 flex flex-col gap-2">
      {draft.images.map((entry) => (
        <ImageTile
          key={entry.key}
          entry={entry}
          onRemove={() => remove(entry.key)}
          onUploaded={(url) => uploaded(entry.key, url)}
        />
      ))}
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple={multiple}
        className="hidden"
        aria-label={`Choose ${multiple ? 'images' : 'an image'} for: ${item.prompt}`}
        onChange={(e) => {
          add(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <div>
        <Button variant="secondary" onClick={() => input.current?.click()}>
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {multiple ? 'Add Images' : draft.images.length > 0 ? 'Replace Image' : 'Choose Image'}
        </Button>
      </div>
      {notImage && (
        <p role="alert" className="text-sm text-red-700">
          Only image files can be uploaded here.
        </p>
      )}
    </div>
  );
}

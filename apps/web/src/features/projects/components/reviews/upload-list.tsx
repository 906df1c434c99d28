import { UploadStatus } from '@/components/ui/upload-status';
import type { ReviewUpload } from './use-review-uploads';

/** The files being attached: each while it uploads (pause, cancel, retry), then a small picture and Remove. */
export function UploadList({ items, onRemove, label }: { items: ReviewUpload[]; onRemove: (key: number) => void; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label={label}>
      {items.map((item, index) =>
        item.fileId ? (
          <li key={item.key} className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-2">
            {item.thumbnail ? (
              <img src={item.thumbnail} alt={`Attached file ${index + 1}`} className="h-14 w-14 rounded object-cover" />
            ) : (
              <span className="flex h-14 w-14 items-center justify-center rounded bg-slate-100 text-xs text-slate-600">Video</span>
            )}
            <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{item.task.fileName}</span>
            <button type="button" className="rounded px-2 py-1 text-sm font-semibold text-red-700 hover:bg-red-50" onClick={() => onRemove(item.key)}>
              Remove<span className="sr-only"> {item.task.fileName}</span>
            </button>
          </li>
        ) : (
          <li key={item.key}>
            <UploadStatus task={item.task} onCancel={() => onRemove(item.key)} />
          </li>
        ),
      )}
    </ul>
  );
}

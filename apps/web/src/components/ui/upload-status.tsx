import { Pause, Play, RotateCw, X } from 'lucide-react';
import { useUploadTask, type UploadTask } from '@/lib/uploads';
import { Button } from './button';
import { ProgressBar } from './progress-bar';

const STATE_TEXT = {
  running: 'Uploading',
  paused: 'Paused',
  success: 'Uploaded',
  canceled: 'Canceled',
  error: 'Failed',
} as const;

/**
 * One upload on its way: file name, state and percentage, a progress bar, and pause, resume and cancel. A failed
 * upload says so, without a progress bar (its bytes may all have been sent before the server refused the file),
 * and offers Retry and Remove as worded buttons under the name. `onCancel` runs after the task is cancelled or
 * removed (e.g. to take it out of a list).
 */
export function UploadStatus({
  task,
  onCancel,
  className = '',
}: {
  task: UploadTask;
  onCancel?: () => void;
  className?: string;
}) {
  const snapshot = useUploadTask(task);
  if (!snapshot) return null;
  if (snapshot.state === 'error') return <FailedUpload task={task} error={snapshot.error} onCancel={onCancel} className={className} />;
  const percent = Math.round(snapshot.progress * 100);
  const busy = snapshot.state === 'running' || snapshot.state === 'paused';
  const iconButton = 'h-9 w-9 px-0 py-0';
  return (
    <div className={`rounded-lg border border-slate-200 bg-white px-3 py-2 ${className}`}>
      <div className="flex items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-sm text-slate-800">
          <span className="font-medium">{STATE_TEXT[snapshot.state]}</span> {task.fileName} ({percent}%)
        </p>
        {snapshot.state === 'running' && (
          <Button
            variant="ghost"
            className={iconButton}
            aria-label={`Pause upload of ${task.fileName}`}
            onClick={() => task.pause()}
          >
            <Pause className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
        {snapshot.state === 'paused' && (
          <Button
            variant="ghost"
            className={iconButton}
            aria-label={`Resume upload of ${task.fileName}`}
            onClick={() => task.resume()}
          >
            <Play className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
        {busy && (
          <Button
            variant="ghost"
            className={iconButton}
            aria-label={`Cancel upload of ${task.fileName}`}
            onClick={() => {
              task.cancel();
              onCancel?.();
            }}
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <ProgressBar value={snapshot.progress} label={`Upload of ${task.fileName}`} className="mt-1.5" />
    </div>
  );
}

function FailedUpload({
  task,
  error,
  onCancel,
  className,
}: {
  task: UploadTask;
  error: string | null;
  onCancel?: () => void;
  className: string;
}) {
  return (
    <div className={`rounded-lg border border-red-200 bg-red-50 px-3 py-2 ${className}`}>
      <p className="min-w-0 truncate text-sm text-slate-800">
        <span className="font-medium text-red-800">{STATE_TEXT.error}</span> {task.fileName}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="secondary" aria-label={`Retry upload of ${task.fileName}`} onClick={() => task.retry()}>
          <RotateCw className="h-4 w-4" aria-hidden="true" />
          Retry
        </Button>
        <Button
          variant="secondary"
          aria-label={`Remove ${task.fileName}`}
          onClick={() => {
            task.cancel();
            onCancel?.();
          }}
        >
          <X className="h-4 w-4" aria-hidden="true" />
          Remove
        </Button>
      </div>
    </div>
  );
}

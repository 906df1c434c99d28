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
 * One upload on its way: file name, state and percentage, a progress bar, and pause, resume, cancel and retry.
 * `onCancel` runs after the task is cancelled (e.g. to remove it from a list).
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
        {snapshot.state === 'error' && (
          <Button
            variant="ghost"
            className={iconButton}
            aria-label={`Retry upload of ${task.fileName}`}
            onClick={() => task.retry()}
          >
            <RotateCw className="h-4 w-4" aria-hidden="true" />
          </Button>
        )}
        {(busy || snapshot.state === 'error') && (
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
      {snapshot.error && (
        <p role="alert" className="mt-1.5 text-sm text-red-700">
          {snapshot.error}
        </p>
      )}
    </div>
  );
}

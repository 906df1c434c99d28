import { Pause, Play, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { UploadSnapshot, UploadTask } from '@/lib/uploads';

/** The file on its way: name, percentage, and pause, resume and cancel. */
export function UploadProgress({ task, snapshot }: { task: UploadTask; snapshot: UploadSnapshot }) {
  if (snapshot.state !== 'running' && snapshot.state !== 'paused' && snapshot.state !== 'success') return null;
  const percent = Math.round(snapshot.progress * 100);
  const paused = snapshot.state === 'paused';
  return (
    <div className="mb-3 flex items-center gap-3 rounded-lg bg-slate-50 px-3 py-2">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-slate-800">
          {paused ? 'Paused' : 'Uploading'} {task.fileName} ({percent}%)
        </p>
        <ProgressBar value={snapshot.progress} label={`Uploading ${task.fileName}`} className="mt-1" />
      </div>
      {snapshot.state !== 'success' && (
        <>
          <Button variant="ghost" className="px-2" aria-label={paused ? 'Resume upload' : 'Pause upload'} onClick={() => (paused ? task.resume() : task.pause())}>
            {paused ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
          </Button>
          <Button variant="ghost" className="px-2" aria-label="Cancel upload" onClick={() => task.cancel()}>
            <X className="h-4 w-4" aria-hidden="true" />
          </Button>
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import { Download, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogTitle } from '@/components/ui/dialog';
import type { Media } from './message-bubble';

/**
 * Saves a chat file as "support_file_<timestamp>.jpg|.mp4" (spec §7). The server names the download, so a large
 * video streams to disk instead of being held in memory; a HEAD request first tells whether it can be fetched.
 */
async function downloadMedia(media: Media): Promise<void> {
  const name = `support_file_${Date.now()}.${media.kind === 'image' ? 'jpg' : 'mp4'}`;
  const check = await fetch(media.url, { method: 'HEAD', credentials: 'same-origin' });
  if (!check.ok) throw new Error(`download failed: ${check.status}`);
  const link = document.createElement('a');
  link.href = `${media.url}?download=${encodeURIComponent(name)}`;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The full-screen viewer: Download and close buttons; a click outside the media or Escape closes it. */
export function MediaViewer({ media, onClose }: { media: Media | null; onClose: () => void }) {
  const [downloadFailed, setDownloadFailed] = useState(false);
  const close = () => {
    setDownloadFailed(false);
    onClose();
  };
  const download = async () => {
    setDownloadFailed(false);
    try {
      await downloadMedia(media!);
    } catch {
      setDownloadFailed(true);
    }
  };

  return (
    <Dialog
      open={media !== null}
      onClose={close}
      look="fullscreen"
      aria-describedby={undefined}
      onClick={(event) => {
        // Anywhere but the media itself, the buttons and the message is "outside".
        if (!(event.target as Element).closest('button, img, video, [role="alert"]')) close();
      }}
    >
      <DialogTitle className="sr-only">{media?.kind === 'video' ? 'Video' : 'Image'}</DialogTitle>
      <div className="flex items-center justify-end gap-2 p-3">
        {downloadFailed && (
          <p
            role="alert"
            className="mr-auto rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white"
          >
            Could not download file.
          </p>
        )}
        <Button variant="secondary" onClick={download}>
          <Download className="h-4 w-4" aria-hidden="true" /> Download
        </Button>
        <DialogClose asChild>
          <Button variant="secondary" aria-label="Close">
            <X className="h-5 w-5" aria-hidden="true" />
          </Button>
        </DialogClose>
      </div>
      <div className="flex min-h-0 flex-1 items-center justify-center p-4">
        {media?.kind === 'image' && (
          <img src={media.url} alt="Full-size image" className="max-h-full max-w-full object-contain" />
        )}
        {media?.kind === 'video' && (
          <video
            src={media.url}
            controls
            autoPlay
            playsInline
            className="max-h-full max-w-full"
            aria-label="Video"
          />
        )}
      </div>
    </Dialog>
  );
}

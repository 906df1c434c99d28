import { useCallback, useState } from 'react';
import type { UploadPurposeName } from '@portal/contracts/uploads';
import { startUpload, type UploadTask } from '@/lib/uploads';

/** One file of a preview or a request for changes: its upload, and the finished file once it has arrived. */
export interface ReviewUpload {
  key: number;
  task: UploadTask;
  /** A local picture of it while it uploads and after (object URL), for images. */
  thumbnail: string | null;
  fileId: string | null;
}

let nextKey = 0;

/** Several files uploaded at once for a project (tus, through the portal's upload client), removable one by one. */
export function useReviewUploads(purpose: UploadPurposeName, projectId: string) {
  const [items, setItems] = useState<ReviewUpload[]>([]);

  const add = useCallback(
    (file: File) => {
      const key = nextKey++;
      const task = startUpload(file, { purpose, targetId: projectId });
      const thumbnail = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
      setItems((list) => [...list, { key, task, thumbnail, fileId: null }]);
      // Followed by its snapshots rather than its promise, so that a failed upload retried (UploadStatus) still lands.
      const stop = task.subscribe((snapshot) => {
        if (snapshot.state !== 'success' || !snapshot.result) return;
        const { fileId } = snapshot.result;
        setItems((list) => list.map((item) => (item.key === key ? { ...item, fileId } : item)));
        stop();
      });
    },
    [purpose, projectId],
  );

  const remove = useCallback((key: number) => {
    setItems((list) => {
      const gone = list.find((item) => item.key === key);
      gone?.task.cancel();
      if (gone?.thumbnail) URL.revokeObjectURL(gone.thumbnail);
      return list.filter((item) => item.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    setItems((list) => {
      list.forEach((item) => item.thumbnail && URL.revokeObjectURL(item.thumbnail));
      return [];
    });
  }, []);

  const fileIds = items.flatMap((item) => (item.fileId ? [item.fileId] : []));
  const busy = items.some((item) => !item.fileId);
  return { items, fileIds, busy, add, remove, clear };
}

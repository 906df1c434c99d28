import type { BackgroundWork } from '../../platform/jobs/start.ts';
import { staleUnfinishedUploads } from './repository.ts';
import { abandonUpload } from './service.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** An upload nobody has continued for this long is abandoned (tus clients resume within minutes). */
export const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Deletes abandoned unfinished uploads and their partial bytes, once an hour. */
export const abandonedUploadSweep: BackgroundWork = async (app) => {
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const before = new Date(app.clock().getTime() - ABANDONED_AFTER_MS);
      await app.metrics.countSweep('abandoned upload sweep', (async () => {
        for (const { id } of await staleUnfinishedUploads(app.db, before, 500)) await abandonUpload(app, id);
      })());
    } catch (error) {
      app.log.warn({ err: error }, 'abandoned upload sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
};

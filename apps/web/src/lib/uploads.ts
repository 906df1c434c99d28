import { useCallback, useState, useSyncExternalStore } from 'react';
import { DetailedError, Upload } from 'tus-js-client';
import {
  CHUNK_LIMIT_BYTES,
  FIRST_CHUNK_BYTES,
  SINGLE_REQUEST_MAX_BYTES,
  UPLOAD_MAX_RETRY_MS,
  UPLOADS_ENDPOINT,
  fileUrl,
  type UploadPurposeName,
} from '@portal/contracts/uploads';

/** The states of an upload task (spec §4). */
export type UploadState = 'running' | 'paused' | 'success' | 'canceled' | 'error';

export interface UploadResult {
  fileId: string;
  /** Where the finished file is served (the contracts' `getFile` route). */
  url: string;
}

export interface UploadSnapshot {
  state: UploadState;
  bytesSent: number;
  bytesTotal: number;
  /** From 0 to 1. */
  progress: number;
  /** A message for people when the state is `error`. */
  error: string | null;
  /** The finished file, once the state is `success`. */
  result: UploadResult | null;
}

export interface UploadTarget {
  purpose: UploadPurposeName;
  targetId: string;
}

export interface UploadTask extends Readonly<Omit<UploadSnapshot, 'result'>> {
  /** Settles when this attempt ends; after `retry()` a new attempt has a new promise. */
  readonly result: Promise<UploadResult>;
  readonly fileName: string;
  pause(): void;
  resume(): void;
  cancel(): void;
  retry(): void;
  snapshot(): UploadSnapshot;
  subscribe(listener: (snapshot: UploadSnapshot) => void): () => void;
}

export class UploadCanceledError extends Error {
  constructor() {
    super('Upload canceled.');
  }
}

/** Back-off between retries: 1 s doubling to 64 s, for about the maximum retry time in all. */
function retryDelays(): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let delay = 1000; total < UPLOAD_MAX_RETRY_MS; delay = Math.min(delay * 2, 64_000)) {
    delays.push(delay);
    total += delay;
  }
  return delays;
}

/** The server's message for a refused upload, or a plain one for a network failure. */
function messageOf(error: Error): string {
  const body = error instanceof DetailedError ? error.originalResponse?.getBody() : undefined;
  if (body) {
    try {
      const parsed = JSON.parse(body) as { error?: { message?: string } };
      if (parsed.error?.message) return parsed.error.message;
    } catch {
      // Not the API's error shape: fall through to the general message.
    }
  }
  return 'The upload failed. Check your connection and try again.';
}

const isClientError = (error: Error) => {
  const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423;
};

/**
 * Uploads a file with the tus protocol (spec §9): up to 256 KiB in the creation request itself, larger files in
 * chunks that start at 256 KiB and double after each accepted chunk while the doubled size stays below 32 MiB
 * (so at most 16 MiB). A failed request is retried with back-off, from a 256 KiB chunk again, for up to ten
 * minutes; the server keeps what it received, so nothing is sent twice.
 */
export function startUpload(file: File, target: UploadTarget): UploadTask {
  let snapshot: UploadSnapshot = {
    state: 'running',
    bytesSent: 0,
    bytesTotal: file.size,
    progress: 0,
    error: null,
    result: null,
  };
  const listeners = new Set<(s: UploadSnapshot) => void>();
  const update = (changes: Partial<UploadSnapshot>) => {
    snapshot = { ...snapshot, ...changes };
    for (const listener of listeners) listener(snapshot);
  };

  let settle: { resolve(r: UploadResult): void; reject(e: Error): void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  let result!: Promise<UploadResult>;
  const newAttempt = () => {
    result = new Promise<UploadResult>((resolve, reject) => (settle = { resolve, reject }));
    // Callers that follow the task through `subscribe` need not await it; a rejection is not an unhandled error.
    result.catch(() => undefined);
  };
  newAttempt();

  let failingSince: number | null = null;
  const upload = new Upload(file, {
    endpoint: UPLOADS_ENDPOINT,
    metadata: {
      purpose: target.purpose,
      targetId: target.targetId,
      filename: file.name,
      filetype: file.type,
    },
    chunkSize: FIRST_CHUNK_BYTES,
    uploadDataDuringCreation: file.size <= SINGLE_REQUEST_MAX_BYTES,
    retryDelays: retryDelays(),
    storeFingerprintForResuming: false,
    onShouldRetry: (error) => {
      failingSince ??= Date.now();
      if (isClientError(error) || Date.now() - failingSince > UPLOAD_MAX_RETRY_MS) return false;
      upload.options.chunkSize = FIRST_CHUNK_BYTES;
      return true;
    },
    onChunkComplete: (chunkSize) => {
      failingSince = null;
      if (chunkSize * 2 < CHUNK_LIMIT_BYTES)
        upload.options.chunkSize = Math.max(upload.options.chunkSize ?? 0, chunkSize * 2);
    },
    onProgress: (bytesSent, bytesTotal) => {
      if (snapshot.state === 'running')
        update({ bytesSent, bytesTotal, progress: bytesTotal ? bytesSent / bytesTotal : 0 });
    },
    onSuccess: () => {
      const fileId = upload.url!.split('/').pop()!;
      const finished = { fileId, url: fileUrl(fileId) };
      update({ state: 'success', bytesSent: file.size, progress: 1, result: finished });
      settle.resolve(finished);
    },
    onError: (error) => {
      const message = messageOf(error);
      update({ state: 'error', error: message });
      settle.reject(new Error(message));
    },
  });
  upload.start();

  const task: UploadTask = {
    fileName: file.name,
    get state() {
      return snapshot.state;
    },
    get bytesSent() {
      return snapshot.bytesSent;
    },
    get bytesTotal() {
      return snapshot.bytesTotal;
    },
    get progress() {
      return snapshot.progress;
    },
    get error() {
      return snapshot.error;
    },
    get result() {
      return result;
    },
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    pause() {
      if (snapshot.state !== 'running') return;
      void upload.abort(false);
      update({ state: 'paused' });
    },
    resume() {
      if (snapshot.state !== 'paused') return;
      update({ state: 'running' });
      upload.start();
    },
    cancel() {
      if (snapshot.state === 'success' || snapshot.state === 'canceled') return;
      // Terminating tells the server to drop what it received; a failure to reach it is cleaned up later.
      upload.abort(Boolean(upload.url)).catch(() => undefined);
      update({ state: 'canceled' });
      settle.reject(new UploadCanceledError());
    },
    retry() {
      if (snapshot.state !== 'error') return;
      failingSince = null;
      upload.options.chunkSize = FIRST_CHUNK_BYTES;
      newAttempt();
      update({ state: 'running', error: null });
      upload.start();
    },
  };
  // A task is live (its getters read the current state), so it must not be copied as data: form libraries copy
  // plain objects in their values, and a task that is a class instance is kept as it is.
  return Object.setPrototypeOf(task, LiveUploadTask.prototype) as UploadTask;
}

class LiveUploadTask {}

/** Follows an upload task: its latest snapshot, re-rendering on every change. */
export function useUploadTask(task: UploadTask | null): UploadSnapshot | null {
  const subscribe = useCallback(
    (onChange: () => void) => (task ? task.subscribe(onChange) : () => undefined),
    [task],
  );
  return useSyncExternalStore(subscribe, () => task?.snapshot() ?? null);
}

/** One upload at a time for a component: `start(file, target)` begins it, `snapshot` follows it. */
export function useUpload() {
  const [task, setTask] = useState<UploadTask | null>(null);
  const snapshot = useUploadTask(task);
  const start = useCallback((file: File, target: UploadTarget) => {
    const next = startUpload(file, target);
    setTask(next);
    return next;
  }, []);
  const reset = useCallback(() => setTask(null), []);
  return { task, snapshot, start, reset };
}

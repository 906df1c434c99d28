import { beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for tus-js-client that records what the helper asks of it and lets the test play the server.
const fake = vi.hoisted(() => {
  class DetailedError extends Error {
    constructor(
      message: string,
      readonly originalRequest: object | null,
      readonly originalResponse: { getStatus(): number; getBody(): string } | null,
    ) {
      super(message);
    }
  }
  class Upload {
    static last: Upload;
    url: string | null = null;
    started = 0;
    aborted: boolean[] = [];
    constructor(
      readonly file: File,
      public options: Record<string, unknown> & { chunkSize: number },
    ) {
      Upload.last = this;
    }
    start() {
      this.started += 1;
    }
    abort(terminate: boolean) {
      this.aborted.push(terminate);
      return Promise.resolve();
    }
  }
  return { Upload, DetailedError };
});
vi.mock('tus-js-client', () => fake);

import { startUpload, UploadCanceledError } from './uploads';

const file = (size: number, name = 'photo.png') =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });
const target = { purpose: 'profile-picture' as const, targetId: 'user-1' };
type Callbacks = {
  onProgress(sent: number, total: number): void;
  onChunkComplete(chunk: number): void;
  onSuccess(): void;
  onError(e: Error): void;
  onShouldRetry(e: Error): boolean;
};
const callbacks = () => fake.Upload.last.options as unknown as Callbacks;

describe('startUpload', () => {
  beforeEach(() => vi.useRealTimers());

  it('sends files up to 256 KiB in the creation request, larger ones in chunks', () => {
    startUpload(file(256 * 1024), target);
    expect(fake.Upload.last.options).toMatchObject({
      endpoint: '/api/uploads',
      uploadDataDuringCreation: true,
      metadata: {
        purpose: 'profile-picture',
        targetId: 'user-1',
        filename: 'photo.png',
        filetype: 'image/png',
      },
    });
    startUpload(file(256 * 1024 + 1), target);
    expect(fake.Upload.last.options.uploadDataDuringCreation).toBe(false);
  });

  it('starts chunks at 256 KiB and doubles them while the doubled size stays below 32 MiB', () => {
    startUpload(file(200 * 1024 * 1024), target);
    const sizes = [fake.Upload.last.options.chunkSize];
    for (let i = 0; i < 8; i++) {
      callbacks().onChunkComplete(fake.Upload.last.options.chunkSize);
      sizes.push(fake.Upload.last.options.chunkSize);
    }
    const KiB = 1024;
    expect(sizes).toEqual([256, 512, 1024, 2048, 4096, 8192, 16384, 16384, 16384].map((k) => k * KiB));
    // After a failure it starts small again.
    expect(callbacks().onShouldRetry(new fake.DetailedError('network', {}, null))).toBe(true);
    expect(fake.Upload.last.options.chunkSize).toBe(256 * KiB);
  });

  it('retries with back-off for about ten minutes, but not refused uploads', () => {
    startUpload(file(10), target);
    const delays = fake.Upload.last.options.retryDelays as number[];
    expect(delays.slice(0, 8)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 64000, 64000]);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(600_000);
    expect(total).toBeLessThan(600_000 + 64_000);
    const refused = new fake.DetailedError('415', {}, { getStatus: () => 415, getBody: () => '' });
    expect(callbacks().onShouldRetry(refused)).toBe(false);
    const conflict = new fake.DetailedError('409', {}, { getStatus: () => 409, getBody: () => '' });
    expect(callbacks().onShouldRetry(conflict)).toBe(true);
  });

  it('goes running -> paused -> running -> success with progress, and gives the file URL', async () => {
    const task = startUpload(file(1000), target);
    const states: string[] = [];
    task.subscribe((s) => states.push(`${s.state}:${Math.round(s.progress * 100)}`));
    callbacks().onProgress(250, 1000);
    task.pause();
    expect(fake.Upload.last.aborted).toEqual([false]);
    task.resume();
    expect(fake.Upload.last.started).toBe(2);
    fake.Upload.last.url = '/api/uploads/abc-123';
    callbacks().onSuccess();
    await expect(task.result).resolves.toEqual({ fileId: 'abc-123', url: '/api/files/abc-123' });
    expect(states).toEqual(['running:25', 'paused:25', 'running:25', 'success:100']);
    expect(task.snapshot().result).toEqual({ fileId: 'abc-123', url: '/api/files/abc-123' });
  });

  it('reports the server message on error, and retry starts a new attempt that can succeed', async () => {
    const task = startUpload(file(1000), target);
    const first = task.result;
    const body = JSON.stringify({
      error: { code: 'FILE_NOT_RECOGNISED', message: 'The file is not a valid image.' },
    });
    callbacks().onError(new fake.DetailedError('refused', {}, { getStatus: () => 415, getBody: () => body }));
    expect(task.state).toBe('error');
    expect(task.error).toBe('The file is not a valid image.');
    await expect(first).rejects.toThrow('The file is not a valid image.');

    task.retry();
    expect(task.state).toBe('running');
    expect(task.error).toBeNull();
    fake.Upload.last.url = '/api/uploads/xyz';
    callbacks().onSuccess();
    await expect(task.result).resolves.toMatchObject({ fileId: 'xyz' });
  });

  it('cancels: the server is told to drop what it received, and the result rejects', async () => {
    const task = startUpload(file(1000), target);
    fake.Upload.last.url = '/api/uploads/abc';
    task.cancel();
    expect(fake.Upload.last.aborted).toEqual([true]);
    expect(task.state).toBe('canceled');
    await expect(task.result).rejects.toBeInstanceOf(UploadCanceledError);
  });
});

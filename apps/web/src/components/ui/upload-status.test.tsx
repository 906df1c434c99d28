import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UploadSnapshot, UploadTask } from '@/lib/uploads';
import { UploadStatus } from './upload-status';

const taskIn = (snapshot: Partial<UploadSnapshot>) => {
  const full: UploadSnapshot = { state: 'running', bytesSent: 0, bytesTotal: 100, progress: 0, error: null, result: null, ...snapshot };
  return {
    ...full,
    fileName: 'logo.png',
    snapshot: () => full,
    subscribe: () => () => undefined,
    retry: vi.fn(),
    cancel: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
  } as unknown as UploadTask & { retry: ReturnType<typeof vi.fn>; cancel: ReturnType<typeof vi.fn> };
};

describe('an upload row', () => {
  afterEach(cleanup);

  it('shows a running upload with its percentage and progress bar', () => {
    render(<UploadStatus task={taskIn({ progress: 0.4 })} />);
    expect(screen.getByText('Uploading').parentElement!.textContent).toBe('Uploading logo.png (40%)');
    expect(screen.getByRole('progressbar', { name: 'Upload of logo.png' })).toBeTruthy();
  });

  it('says a refused upload Failed, why, without a progress bar even when every byte was sent, with worded Retry and Remove', () => {
    const task = taskIn({ state: 'error', progress: 1, bytesSent: 100, error: 'The file is not a valid image.' });
    const removed = vi.fn();
    render(<UploadStatus task={task} onCancel={removed} />);
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The file is not a valid image.');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/100%/)).toBeNull();
    const retry = screen.getByRole('button', { name: 'Retry upload of logo.png' });
    expect(retry.textContent).toBe('Retry');
    fireEvent.click(retry);
    expect(task.retry).toHaveBeenCalledOnce();
    const remove = screen.getByRole('button', { name: 'Remove logo.png' });
    expect(remove.textContent).toBe('Remove');
    fireEvent.click(remove);
    expect(task.cancel).toHaveBeenCalledOnce();
    expect(removed).toHaveBeenCalledOnce();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError } from '@/lib/api-client';
import { CancelReasonDialog } from './cancel-reason-dialog';

afterEach(cleanup);

function renderDialog(onCancel = vi.fn().mockResolvedValue(undefined)) {
  render(<CancelReasonDialog open serviceEndsAt={Date.UTC(2030, 0, 15)} busy={false} onCancel={onCancel} onClose={() => {}} />);
  return { onCancel, confirm: () => screen.getByRole('button', { name: 'Cancel subscription' }) };
}

describe('the cancel reason form', () => {
  it('sends nothing but the cancellation when no reason is chosen', async () => {
    const { onCancel, confirm } = renderDialog();
    fireEvent.click(confirm());
    await waitFor(() => expect(onCancel).toHaveBeenCalledWith(undefined));
  });

  it('sends the reason with its comment trimmed, and leaves out a blank comment', async () => {
    const { onCancel, confirm } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Too expensive' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: '  Budget cut  ' } });
    fireEvent.click(confirm());
    await waitFor(() => expect(onCancel).toHaveBeenCalledWith({ reason: 'too_expensive', comment: 'Budget cut' }));

    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: '   ' } });
    fireEvent.click(confirm());
    await waitFor(() => expect(onCancel).toHaveBeenLastCalledWith({ reason: 'too_expensive', comment: undefined }));
  });

  it('asks for a comment with "Other": the confirm button waits for one', () => {
    const { onCancel, confirm } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: 'Other' }));
    expect(confirm()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: '   ' } });
    expect(confirm()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Comment'), { target: { value: 'Trying it later' } });
    expect(confirm()).toHaveProperty('disabled', false);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { confirm } = renderDialog(vi.fn().mockRejectedValue(new ApiError(409, 'CONFLICT', 'This subscription is already cancelled.')));
    fireEvent.click(confirm());
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This subscription is already cancelled.');
  });
});

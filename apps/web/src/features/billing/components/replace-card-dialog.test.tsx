import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Card } from '@portal/contracts/billing';
import { ApiError } from '@/lib/api-client';
import { ReplaceCardDialog } from './replace-card-dialog';

afterEach(cleanup);

const card = (id: string, brand: string, last4: string): Card => ({
  id,
  status: 'Complete',
  brand,
  last4,
  expMonth: 12,
  expYear: 2030,
  failureReason: null,
  usable: true,
  createdAt: 0,
});
const amex = card('amex', 'AMERICAN_EXPRESS', '0004');
const visa = card('visa', 'VISA', '1111');
const mastercard = card('mastercard', 'MASTERCARD', '5100');

function renderDialog(onDelete = vi.fn().mockResolvedValue(undefined), others = [visa, mastercard]) {
  const view = render(<ReplaceCardDialog card={amex} others={others} paysFor={['Pro']} busy={false} onDelete={onDelete} onClose={() => {}} />);
  const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Delete and switch' }));
  return { onDelete, confirm, rerender: (next: Card[]) => view.rerender(<ReplaceCardDialog card={amex} others={next} paysFor={['Pro']} busy={false} onDelete={onDelete} onClose={() => {}} />) };
}

describe('the card that takes over', () => {
  it('is the first other card until another is chosen', async () => {
    const { onDelete, confirm } = renderDialog();
    expect(screen.getByRole('radio', { name: /1111/ })).toHaveProperty('checked', true);
    confirm();
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith('visa'));
  });

  it('is the card chosen', async () => {
    const { onDelete, confirm } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: /5100/ }));
    expect(screen.getByRole('radio', { name: /5100/ })).toHaveProperty('checked', true);
    confirm();
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith('mastercard'));
  });

  it('falls back to the first other card when the chosen one is gone', async () => {
    const { onDelete, confirm, rerender } = renderDialog();
    fireEvent.click(screen.getByRole('radio', { name: /5100/ }));
    rerender([visa]);
    expect(screen.getByRole('radio', { name: /1111/ })).toHaveProperty('checked', true);
    confirm();
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith('visa'));
  });

  it('cannot be confirmed without another card', () => {
    const { onDelete, confirm } = renderDialog(undefined, []);
    expect(screen.getByRole('button', { name: 'Delete and switch' })).toHaveProperty('disabled', true);
    confirm();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const { confirm } = renderDialog(vi.fn().mockRejectedValue(new ApiError(409, 'CARD_IN_USE', 'That card cannot take over.')));
    confirm();
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'That card cannot take over.');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PlanOption, PlanOptions, PromoResult } from '@portal/contracts/billing';
import type { Subscription } from '@portal/contracts/subscriptions';
import { ApiError } from '@/lib/api-client';

const mutateAsync = vi.fn();
const usePlanOptions = vi.fn();
vi.mock('../../api/plan-change', () => ({
  usePlanOptions: (...args: unknown[]) => usePlanOptions(...args),
  useChangePlan: () => ({ mutateAsync, isPending: false, reset: () => {} }),
}));
vi.mock('../../api/checkout', () => ({ usePaymentUntilSettled: () => ({ data: undefined }) }));
const { ChangePlanDialog } = await import('./change-plan-dialog');

afterEach(() => {
  cleanup();
  mutateAsync.mockReset();
  usePlanOptions.mockReset();
});

const subscription = { id: 'sub-1', serviceTitle: 'Basic', amount: 1000, recurring: 'month', dueDate: Date.UTC(2030, 0, 15), pendingChange: null } as unknown as Subscription;
const option = (planId: string, kind: PlanOption['kind'], promo: PromoResult | null = null): PlanOption => ({
  planId,
  title: planId === 'basic' ? 'Basic' : 'Pro',
  price: '',
  amount: planId === 'basic' ? 1000 : 3000,
  recurring: 'month',
  kind,
  priceDifference: kind === 'current' ? 0 : 2000,
  subtotal: 1000,
  discount: 0,
  chargeNow: 1000,
  remainingDays: 15,
  periodDays: 30,
  effectiveAt: 0,
  promo,
});
const applied: PromoResult = { status: 'success', message: 'Promo code applied!', promoCode: 'SAVE', finalAmount: 800 };

/** The plan options as the server prices them for the code asked. */
function serve() {
  usePlanOptions.mockImplementation((_id: string, promoCode?: string): { isPending: false; isError: false; isFetching: false; error: null; data: PlanOptions } => ({
    isPending: false,
    isError: false,
    isFetching: false,
    error: null,
    data: { rounding: 'Rounded to the nearest cent.', options: [option('basic', 'current'), option('pro', 'upgrade', promoCode ? applied : null)] },
  }));
}

describe('the change plan form', () => {
  it('waits for a plan to be chosen, then upgrades to it without a code', async () => {
    serve();
    mutateAsync.mockResolvedValue({ payment: { id: 'pay-1' } });
    render(<ChangePlanDialog subscription={subscription} open onClose={() => {}} />);
    expect(screen.getByRole('button', { name: 'Choose a plan' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade and pay $10.00' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith({ planId: 'pro', promoCode: null }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Processing your payment...');
  });

  it('prices with the code applied (trimmed) and sends it with the upgrade', async () => {
    serve();
    mutateAsync.mockResolvedValue({ payment: { id: 'pay-1' } });
    render(<ChangePlanDialog subscription={subscription} open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Promo code'), { target: { value: '  SAVE ' } });
    fireEvent.click(apply);
    await waitFor(() => expect(usePlanOptions).toHaveBeenLastCalledWith('sub-1', 'SAVE', true));
    expect(await screen.findByText('Promo code applied!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade and pay $10.00' }));
    await waitFor(() => expect(mutateAsync).toHaveBeenCalledWith({ planId: 'pro', promoCode: 'SAVE' }));
  });

  it('refuses a code too long to be one, on the code input, without asking the server', async () => {
    serve();
    render(<ChangePlanDialog subscription={subscription} open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    const input = screen.getByLabelText('Promo code');
    fireEvent.change(input, { target: { value: 'X'.repeat(65) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Invalid promo code.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(usePlanOptions).not.toHaveBeenCalledWith('sub-1', expect.any(String), true);
  });

  it('shows the server’s refusal in the dialog', async () => {
    serve();
    mutateAsync.mockRejectedValue(new ApiError(409, 'PAYMENT_IN_FLIGHT', 'A payment for this subscription is in progress.'));
    render(<ChangePlanDialog subscription={subscription} open onClose={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: /Pro/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade and pay $10.00' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'A payment for this subscription is in progress.');
  });
});

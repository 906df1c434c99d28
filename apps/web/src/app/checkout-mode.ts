import { paths } from '@/lib/paths';

/**
 * Checkout in REACTIVATE_SUBSCRIPTION mode (spec §4): the plan rides as in `plan-handoff.ts`, and the mode and the
 * subscription to bring back ride in the URL as well, so a reload keeps them.
 */
export const REACTIVATE_SUBSCRIPTION = 'REACTIVATE_SUBSCRIPTION';

export const reactivationCheckoutTarget = (planId: string, subscriptionId: string) => ({
  to: paths.checkout({ plan: planId, mode: REACTIVATE_SUBSCRIPTION, subscriptionId }),
  state: { planId },
});

export type CheckoutModeHandoff =
  | { mode: 'NEW_SUBSCRIPTION'; subscriptionId?: undefined }
  | { mode: 'REACTIVATE_SUBSCRIPTION'; subscriptionId: string };

export function readCheckoutMode(search: string): CheckoutModeHandoff {
  const params = new URLSearchParams(search);
  const subscriptionId = params.get('subscriptionId');
  return params.get('mode') === REACTIVATE_SUBSCRIPTION && subscriptionId
    ? { mode: REACTIVATE_SUBSCRIPTION, subscriptionId }
    : { mode: 'NEW_SUBSCRIPTION' };
}

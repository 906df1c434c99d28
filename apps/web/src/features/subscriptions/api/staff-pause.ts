import { useMutation } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';
import { useRefetchBilling } from './staff-subscriptions';

const { staffPauseSubscription, staffResumeSubscription } = routes.subscriptions;

/** Staff pause (1–3 months) or resume a customer's subscription; the sections it changes are read again. */
export function useStaffPause(subscriptionId: string) {
  const onSuccess = useRefetchBilling();
  return {
    pause: useMutation({ mutationFn: (months: 1 | 2 | 3) => api(staffPauseSubscription, { params: { id: subscriptionId }, body: { months } }), onSuccess }),
    resume: useMutation({ mutationFn: () => api(staffResumeSubscription, { params: { id: subscriptionId } }), onSuccess }),
  };
}

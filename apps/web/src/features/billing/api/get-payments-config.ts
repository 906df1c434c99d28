import { useQuery } from '@tanstack/react-query';
import { isValidSquareApplicationId, paymentsConfigSchema, type PaymentsConfig } from '@portal/contracts/billing';
import { api } from '@/lib/api-client';

/** getSquareClientIds (spec §7): the card form's ids come from the server, never from the page. */
export const getPaymentsConfig = () => api('/api/payments/config', { schema: paymentsConfigSchema });

/** The ids, or an error when they cannot be fetched or the application id is not a Square one (spec §5). */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['payment-config'],
    queryFn: async (): Promise<PaymentsConfig> => {
      const config = await getPaymentsConfig();
      if (!isValidSquareApplicationId(config.applicationId)) throw new Error('Invalid Square application id.');
      return config;
    },
    staleTime: Infinity,
    retry: 1,
  });
}

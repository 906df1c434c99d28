import { useQuery } from '@tanstack/react-query';
import { isValidSquareApplicationId, type PaymentsConfig } from '@portal/contracts/billing';
import { routes } from '@portal/contracts/routes';
import { api, queryKeyOf } from '@/lib/api-client';

const { getPaymentsConfig } = routes.billing;

/** getSquareClientIds (spec §7): the card form's ids come from the server, never from the page; or an error when
 * they cannot be fetched or the application id is not a Square one (spec §5). */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: queryKeyOf(getPaymentsConfig),
    queryFn: async (): Promise<PaymentsConfig> => {
      const config = await api(getPaymentsConfig);
      if (!isValidSquareApplicationId(config.applicationId)) throw new Error('Invalid Square application id.');
      return config;
    },
    staleTime: Infinity,
    retry: 1,
  });
}

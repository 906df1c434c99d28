import { useQuery } from '@tanstack/react-query';
import { supportInboxRoutes } from '@portal/contracts/routes/support-inbox.routes';
import { routeQuery } from '@/lib/api-client';

/** The overview's support quality: ratings and first-response times; refetched with each chat event and every minute. */
export const useSupportFigures = () => useQuery({ ...routeQuery(supportInboxRoutes.getSupportFigures), refetchInterval: 60_000 });

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { LoadingOverlayProvider } from '@/components/ui/loading-overlay';
import { adoptSignedOutMark } from '@/lib/session';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 },
  },
});
adoptSignedOutMark(queryClient);

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LoadingOverlayProvider>
        <RouterProvider router={router} />
      </LoadingOverlayProvider>
    </QueryClientProvider>
  );
}

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { LoadingOverlayProvider } from '@/components/ui/loading-overlay';
import { queryClient } from './query-client';
import { router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <LoadingOverlayProvider>
        <RouterProvider router={router} />
      </LoadingOverlayProvider>
    </QueryClientProvider>
  );
}

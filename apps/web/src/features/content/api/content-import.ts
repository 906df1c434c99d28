import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@portal/contracts/routes';
import { api } from '@/lib/api-client';

const { importContentAsStaff, exportContent } = routes.content;

/** Where the browser downloads the current content as an export file (the server names the file). */
export const contentExportUrl = exportContent.path;

/** Imports an export file's content; every open list refetches, as the import may touch any collection. */
export function useContentImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ content, replace }: { content: Record<string, unknown>; replace: boolean }) =>
      api(importContentAsStaff, { query: replace ? { replace: 'true' } : {}, body: content }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

import { buildPath } from '@portal/contracts/route-helpers';
import { routes } from '@portal/contracts/routes';
import type { QueryClient } from '@tanstack/react-query';
import { primePages, usePages } from '@/lib/pages';

const { listPayments, getReceipt } = routes.billing;

/**
 * UserPayments (spec §3), newest first, 25 a page ("Load more" reads the next by its keyset cursor), live: a
 * payment's topic reads the first page again.
 */
export const usePayments = () => usePages(listPayments, {}, (pages) => pages.flatMap((page) => page.payments));
/** Starts the payment history's read while its page loads. */
export const primePayments = (queryClient: QueryClient) => primePages(queryClient, listPayments, {});

/** Where a completed payment's receipt PDF downloads from. */
export const receiptHref = (paymentId: string) => buildPath(getReceipt, { id: paymentId });

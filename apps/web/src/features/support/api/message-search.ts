import { supportInboxRoutes } from '@portal/contracts/routes/support-inbox.routes';
import { usePages } from '@/lib/pages';

const { searchMessages } = supportInboxRoutes;

/** Messages whose words match, newest first, 25 a page with "Load more"; nothing is asked until words are given. */
export const useMessageSearch = (words: string) =>
  usePages(searchMessages, { query: { words } }, (pages) => pages.flatMap((page) => page.messages), { enabled: words.length > 0 });

import { Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useFaqs } from '@/features/help/api/help';
import { FaqList } from '@/features/help/components/faq-list';

/** FAQs (spec §2), live: changes appear on an open page. */
export function Component() {
  const faqs = useFaqs();
  return (
    <Page title="Frequently Asked Questions">
      <QueryState
        query={faqs}
        pending="Loading FAQs..."
        error="Could not load the FAQs. Please try again later."
        empty="There are no frequently asked questions yet."
      >
        {(list) => <FaqList faqs={list} />}
      </QueryState>
    </Page>
  );
}

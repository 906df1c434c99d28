import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { useFaqs } from '../api/get-faqs';
import { FaqList } from '../components/faq-list';

/** FAQs (spec §2), live: changes appear on an open page. */
export function Component() {
  const faqs = useFaqs();
  return (
    <Page title="Frequently Asked Questions">
      {faqs.isPending ? (
        <StatusMessage>Loading FAQs...</StatusMessage>
      ) : faqs.isError ? (
        <ErrorMessage>Could not load the FAQs. Please try again later.</ErrorMessage>
      ) : faqs.data.length === 0 ? (
        <StatusMessage>There are no frequently asked questions yet.</StatusMessage>
      ) : (
        <FaqList faqs={faqs.data} />
      )}
    </Page>
  );
}

import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { contentExportUrl } from '@/features/content/api/content-import';
import { ContentImport } from '@/features/content/components/content-import';

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** /staff/content: upload a content file (all or nothing, optionally replacing), and download the current content. */
export function Component() {
  return (
    <Page title="Import and export">
      <div className="space-y-6">
        <section aria-labelledby="import-heading" className={card}>
          <h2 id="import-heading" className="text-lg font-bold text-slate-900">
            Upload content
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-700">
            Upload a content file to add or update the site&apos;s content: plans, promo codes, the questionnaire, step templates, FAQs, help guides, banners, the portfolio and the businesses under &ldquo;Trusted by&rdquo;. A file from the previous portal may also hold customers&apos; projects: those are added for customers who already have an account here. If anything in the file is wrong, nothing changes, and each problem is listed with its place in the file. The first upload of your own content removes the sample content of each part it holds.
          </p>
          <ContentImport />
        </section>
        <section aria-labelledby="export-heading" className={card}>
          <h2 id="export-heading" className="text-lg font-bold text-slate-900">
            Download content
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-700">
            All the content listed above as it is now, in a file you can keep as a backup, edit or upload here (or to another portal). Customers&apos; projects, accounts and payments are not in it. Uploading the file unchanged changes nothing.
          </p>
          <a href={contentExportUrl} download className={buttonClass('secondary')}>
            Download current content
          </a>
        </section>
      </div>
    </Page>
  );
}

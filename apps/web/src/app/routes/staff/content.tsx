import { buttonClass } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { contentExportUrl } from '@/features/staff/api/content';
import { ContentImport } from '@/features/staff/components/content-import';

const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

/** /staff/content: import an export file (all or nothing, optionally replacing), and download the current content. */
export function Component() {
  return (
    <Page title="Import and export">
      <div className="space-y-6">
        <section aria-labelledby="import-heading" className={card}>
          <h2 id="import-heading" className="text-lg font-bold text-slate-900">
            Import content
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-700">
            An export file as <code className="font-mono text-xs">npm run portal -- import</code> takes: plans, promo codes, FAQs, banners, help guides, the questionnaire, setup steps and projects. If any record is wrong, nothing is changed and every problem is listed with its place in the file. The first import of your own content removes the demo records of the collections it holds.
          </p>
          <ContentImport />
        </section>
        <section aria-labelledby="export-heading" className={card}>
          <h2 id="export-heading" className="text-lg font-bold text-slate-900">
            Export content
          </h2>
          <p className="mb-4 mt-1 text-sm text-slate-700">
            The current content in the same format. Importing the file again changes nothing. Customers&apos; projects are not included.
          </p>
          <a href={contentExportUrl} download className={buttonClass('secondary')}>
            Download current content
          </a>
        </section>
      </div>
    </Page>
  );
}

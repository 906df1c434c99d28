import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import type { HelpGuide } from '@portal/contracts/help';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { formatShortDate } from '@/lib/format';
import { GuideChips } from './guide-chips';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h3 className="text-sm font-bold uppercase tracking-wide text-slate-600">{label}</h3>
      <div className="mt-1 whitespace-pre-line text-slate-800">{children}</div>
    </section>
  );
}

/** Every field of one guide (spec §2), closed by its Close button, Escape or a click outside. */
export function GuideDialog({ guide, onClose }: { guide: HelpGuide | null; onClose(): void }) {
  return (
    <Dialog open={guide !== null} onClose={onClose} className="max-h-[90vh] max-w-xl overflow-y-auto">
      {guide && (
        <>
          <div className="flex items-start justify-between gap-4">
            <DialogTitle className="text-xl font-bold text-slate-900">{guide.title}</DialogTitle>
            <DialogClose
              className="rounded-md p-1 text-slate-600 hover:bg-slate-100"
              aria-label="Close guide"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </DialogClose>
          </div>
          <div className="mt-3">
            <GuideChips guide={guide} />
          </div>
          <Field label="Description">
            <DialogDescription>{guide.description}</DialogDescription>
          </Field>
          <Field label="How to Use">{guide.howToUse}</Field>
          <Field label="Navigation Path">{guide.navigation}</Field>
          {guide.tags.length > 0 && (
            <Field label="Tags">
              <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
                {guide.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-full border border-slate-300 px-2.5 py-0.5 text-xs font-medium text-slate-700"
                  >
                    #{tag}
                  </li>
                ))}
              </ul>
            </Field>
          )}
          <p className="mt-5 text-sm text-slate-600">Last Updated: {formatShortDate(guide.lastUpdated)}</p>
          <div className="mt-6 flex justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Close</Button>
            </DialogClose>
          </div>
        </>
      )}
    </Dialog>
  );
}

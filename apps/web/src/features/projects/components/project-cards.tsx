import type { ReactNode } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import type { Deliverables, Project } from '@portal/contracts/projects';
import { buildPath } from '@portal/contracts/route-helpers';
import { exportOwnProject } from '@portal/contracts/routes/content.routes';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatShortDate } from '@/lib/format';

const DELIVERABLES: Array<[keyof Deliverables, string]> = [
  ['playStoreUrl', 'Google Play Store'],
  ['appStoreUrl', 'Apple App Store'],
  ['websiteUrl', 'Website'],
  ['apkDownloadUrl', 'Download APK'],
];

/** A titled card of the project page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

/** Links to what was delivered, each only when its URL exists, opening in a new tab. */
export function DeliverablesCard({ deliverables }: { deliverables: Deliverables }) {
  const links = DELIVERABLES.filter(([key]) => deliverables[key]?.trim());
  return (
    <Section title="Deliverables">
      {links.length === 0 ? (
        <p className="text-slate-600">Your project deliverables are currently in development and will appear here once they are published.</p>
      ) : (
        <ul className="flex flex-wrap gap-3">
          {links.map(([key, label]) => (
            <li key={key}>
              <a
                href={deliverables[key]!}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-100"
              >
                {label}
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Started, Last Updated, and Published when the project is PUBLISHED; N/A when missing. */
export function KeyDatesCard({ project }: { project: Project }) {
  const dates: Array<[string, number | null]> = [
    ['Started', project.createdTimestamp],
    ['Last Updated', project.lastModifiedTimestamp],
  ];
  if (project.releaseStatus === 'PUBLISHED') dates.push(['Published', project.publishedTimestamp]);
  return (
    <Section title="Key Dates">
      <dl className="grid gap-3 sm:grid-cols-3">
        {dates.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{formatShortDate(value)}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

export function NotesCard({ notes }: { notes: string }) {
  return (
    <Section title="Notes From Our Team">
      <p className="whitespace-pre-line text-slate-700">{notes}</p>
    </Section>
  );
}

/** The project's whole history as a file: stages, every preview and decision, and the store listing. */
export function HistoryCard({ projectId }: { projectId: string }) {
  return (
    <Section title="Project History">
      <p className="text-slate-700">
        Keep a copy of everything about this project: its stages and dates, every preview with your approvals and comments,
        and your store listing.
      </p>
      <a
        href={buildPath(exportOwnProject, { projectId })}
        download
        className={`mt-3 gap-2 ${buttonClass('secondary')}`}
      >
        <Download className="h-4 w-4" aria-hidden="true" /> Download project history
      </a>
    </Section>
  );
}

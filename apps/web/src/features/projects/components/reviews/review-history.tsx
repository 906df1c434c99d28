import type { ReactNode } from 'react';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import type { ProjectReviews, ReviewEntry, ReviewStage } from '@portal/contracts/project-reviews';
import { formatShortDate, formatTime } from '@/lib/format';

const KIND_LABEL: Record<ReviewEntry['kind'], string> = {
  preview: 'Preview',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};
const KIND_STYLE: Record<ReviewEntry['kind'], string> = {
  preview: 'bg-brand-50 text-brand-800',
  approved: 'bg-emerald-50 text-emerald-800',
  changes_requested: 'bg-amber-50 text-amber-900',
};

/** Each stage that has entries, with its rounds in order; `openRound` renders what goes under a stage's open round. */
export function ReviewHistory({
  history,
  viewer,
  openRound,
  headingLevel = 3,
}: {
  history: ProjectReviews;
  viewer: 'customer' | 'staff';
  openRound?: (stage: ReviewStage, preview: ReviewEntry) => ReactNode;
  /** The level of each stage's heading, under the section's own. */
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  const stages = history.stages.filter((stage) => history.entries.some((e) => e.stageId === stage.stageId));
  return (
    <div className="space-y-6">
      {stages.map((stage) => {
        const entries = history.entries.filter((e) => e.stageId === stage.stageId);
        const open = entries.find((e) => e.kind === 'preview' && e.round === stage.openRound);
        return (
          <section key={stage.stageId} aria-labelledby={`review-stage-${stage.stageId}`} className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <Heading id={`review-stage-${stage.stageId}`} className="text-base font-semibold text-slate-900">
                {stage.name}
              </Heading>
              <StageState stage={stage} viewer={viewer} />
            </div>
            <ol className="space-y-3" aria-label={`${stage.name}: rounds in order`}>
              {entries.map((entry) => (
                <li key={entry.reviewId}>
                  <EntryCard entry={entry} viewer={viewer} />
                </li>
              ))}
            </ol>
            {open && openRound?.(stage, open)}
          </section>
        );
      })}
    </div>
  );
}

function StageState({ stage, viewer }: { stage: ReviewStage; viewer: 'customer' | 'staff' }) {
  if (stage.approvedTimestamp) {
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
        <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" /> Approved {formatShortDate(stage.approvedTimestamp)}
      </span>
    );
  }
  if (stage.openRound) {
    return (
      <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
        {viewer === 'customer' ? 'Waiting for your review' : "Waiting for the customer's review"}
      </span>
    );
  }
  return null;
}

const whoLabel = (entry: ReviewEntry, viewer: 'customer' | 'staff') =>
  entry.author.role === 'staff' ? `${entry.author.name} (team)` : viewer === 'customer' ? `${entry.author.name} (you)` : `${entry.author.name} (customer)`;

function EntryCard({ entry, viewer }: { entry: ReviewEntry; viewer: 'customer' | 'staff' }) {
  const when = new Date(entry.timestamp);
  return (
    <article className="rounded-xl border border-slate-200 bg-slate-50/60 p-4" aria-label={`Round ${entry.round}: ${KIND_LABEL[entry.kind]}`}>
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${KIND_STYLE[entry.kind]}`}>
          Round {entry.round} · {KIND_LABEL[entry.kind]}
        </span>
        <span className="font-medium text-slate-900">{whoLabel(entry, viewer)}</span>
        <time dateTime={when.toISOString()} className="text-slate-600">
          {formatShortDate(entry.timestamp)}, {formatTime(entry.timestamp)}
        </time>
      </header>
      {entry.comment && <p className="mt-2 whitespace-pre-line break-words text-slate-800">{entry.comment}</p>}
      {entry.link && (
        <a
          href={entry.link}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex max-w-full items-center gap-1.5 break-all text-sm font-semibold text-brand-700 underline"
        >
          Open the web build
          <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      )}
      <Attachments entry={entry} />
    </article>
  );
}

function Attachments({ entry }: { entry: ReviewEntry }) {
  if (entry.attachments.length === 0) return null;
  const what = entry.kind === 'preview' ? 'Preview' : 'Marked-up screenshot';
  return (
    <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {entry.attachments.map((file, index) => (
        <li key={file.url}>
          {file.kind === 'video' ? (
            <video src={file.url} controls preload="metadata" playsInline className="aspect-video w-full rounded-lg bg-black" aria-label={`${what} video ${index + 1}, round ${entry.round}`} />
          ) : (
            <a href={file.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg border border-slate-200 bg-white">
              <img src={file.url} alt={`${what} ${index + 1}, round ${entry.round}`} loading="lazy" className="h-40 w-full object-contain" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

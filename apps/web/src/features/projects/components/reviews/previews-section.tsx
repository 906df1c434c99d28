import { Card } from '@/components/ui/card';
import { useProjectReviews } from '../../api/reviews';
import { DecisionPanel } from './decision-panel';
import { ReviewHistory } from './review-history';

/** The project page's "Previews": every stage's rounds in order, and Approve / Request changes for an open round. */
export function PreviewsSection({ projectId }: { projectId: string }) {
  const reviews = useProjectReviews(projectId);
  return (
    <Card>
      <section id="previews" aria-labelledby="previews-heading" className="scroll-mt-20">
        <h2 id="previews-heading" className="mb-3 text-lg font-semibold text-slate-900">
          Previews
        </h2>
        {reviews.isPending ? (
          <p className="text-slate-600">Loading previews...</p>
        ) : reviews.isError ? (
          <p role="alert" className="text-red-700">Could not load the previews. Please try again.</p>
        ) : reviews.data.entries.length === 0 ? (
          <p className="text-slate-600">No previews yet. When the team shares a preview of your app, it appears here for you to approve or comment on.</p>
        ) : (
          <ReviewHistory
            history={reviews.data}
            viewer="customer"
            openRound={(stage, preview) => <DecisionPanel key={`${stage.stageId}-${preview.round}`} projectId={projectId} stage={stage} preview={preview} />}
          />
        )}
      </section>
    </Card>
  );
}

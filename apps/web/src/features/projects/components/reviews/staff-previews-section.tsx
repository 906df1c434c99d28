import { SectionCard } from '@/components/ui/section-card';
import { ErrorMessage, StatusMessage } from '@/components/ui/page';
import { useProjectReviews } from '../../api/reviews';
import { PreviewForm } from './preview-form';
import { ReviewHistory } from './review-history';

/** The staff project page's "Previews": post one to a stage, and read every round with the customer's answers. */
export function StaffPreviewsSection({ projectId }: { projectId: string }) {
  const reviews = useProjectReviews(projectId, true);
  return (
    <SectionCard title="Previews">
      {reviews.isPending ? (
        <StatusMessage>Loading previews...</StatusMessage>
      ) : reviews.isError ? (
        <ErrorMessage>Could not load the previews.</ErrorMessage>
      ) : reviews.data.stages.length === 0 ? (
        <p className="text-slate-600">This project has no stages yet: add its stages before posting a preview.</p>
      ) : (
        <div className="space-y-6">
          <PreviewForm projectId={projectId} stages={reviews.data.stages} />
          {reviews.data.entries.length > 0 && (
            <div className="border-t border-slate-200 pt-4">
              <h3 className="mb-3 text-base font-semibold text-slate-900">History</h3>
              <ReviewHistory history={reviews.data} viewer="staff" headingLevel={4} />
            </div>
          )}
        </div>
      )}
    </SectionCard>
  );
}

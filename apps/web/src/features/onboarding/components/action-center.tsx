import { Link } from 'react-router';
import { ClipboardList, Eye, ListChecks, Sparkles } from 'lucide-react';
import { ALL_SET_MESSAGE, type ActionItem } from '@portal/contracts/onboarding';
import { buttonClass } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/lib/paths';

/** A user with no active subscription is not "all set": the first step is a plan. */
function ChoosePlanCard() {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center">
      <Sparkles className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">Choose your plan</h3>
        <p className="text-sm text-slate-700">You have no active subscription yet. Pick a plan to start your app.</p>
      </div>
      <Link to={paths.selectPlan()} className={buttonClass('primary', 'shrink-0')}>
        Choose your plan
      </Link>
    </li>
  );
}

/** A project waits for the customer: the preview of one of its stages has no decision yet. */
function ReviewPreviewCard({ item }: { item: Extract<ActionItem, { kind: 'review-preview' }> }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center">
      <Eye className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">Review Your App Preview</h3>
        <p className="text-sm text-slate-700">
          A preview of the {item.stageName} stage of {item.projectName} is waiting for your approval.
        </p>
      </div>
      <Link to={paths.projectDetails(item.projectId)} className={buttonClass('primary', 'shrink-0')} aria-label={`View Preview of ${item.projectName}`}>
        View Preview
      </Link>
    </li>
  );
}

function ActionCard({ item }: { item: Extract<ActionItem, { kind: 'complete-form' | 'project-setup' }> }) {
  const form = item.kind === 'complete-form';
  const Icon = form ? ClipboardList : ListChecks;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center">
      <Icon className="h-8 w-8 shrink-0 text-brand-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-slate-900">{form ? 'Complete Your Form' : 'Project Setup'}</h3>
        {item.kind === 'complete-form' ? (
          <p className="text-sm text-slate-700">
            Tell us about your business for your {item.serviceTitle} subscription.
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-700">
              {item.completed} of {item.total} setup steps completed for {item.serviceTitle}.
            </p>
            <ProgressBar
              value={item.total ? item.completed / item.total : 0}
              label={`Setup progress for ${item.serviceTitle}`}
              className="mt-2 max-w-xs"
            />
          </>
        )}
      </div>
      <Link
        to={
          form
            ? paths.questionnaire(item.subscriptionId)
            : paths.completionSteps(item.subscriptionId)
        }
        className={buttonClass('primary', 'shrink-0')}
      >
        {form ? 'Go to Form' : 'View Steps'}
      </Link>
    </li>
  );
}

/** What the customer should do next (spec §4), or that nothing is needed. */
export function ActionCenter({ actions }: { actions: ActionItem[] }) {
  if (actions.length === 0) return <p className="text-slate-700">{ALL_SET_MESSAGE}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {actions.map((item) =>
        item.kind === 'choose-plan' ? (
          <ChoosePlanCard key={item.kind} />
        ) : item.kind === 'review-preview' ? (
          <ReviewPreviewCard key={`${item.kind}-${item.projectId}`} item={item} />
        ) : (
          <ActionCard key={`${item.kind}-${item.subscriptionId}`} item={item} />
        ),
      )}
    </ul>
  );
}

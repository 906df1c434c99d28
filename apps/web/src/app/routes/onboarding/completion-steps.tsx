import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { CompletionSteps } from '@portal/contracts/onboarding';
import { ApiError } from '@/lib/api-client';
import { useMarkStep } from '@/features/onboarding/api/steps';
import { useSteps } from '@/features/onboarding/api/steps';
import { StepList } from '@/features/onboarding/components/step-list';
import { paths } from '@/lib/paths';

export function Component() {
  const subscriptionId = useParams().subscriptionId ?? '';
  const query = useSteps(subscriptionId);
  const mark = useMarkStep(subscriptionId);

  return (
    <Page
      title="Completion Steps"
      actions={
        <Link
          to={paths.dashboard()}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Dashboard
        </Link>
      }
    >
      <QueryState
        query={query}
        pending="Loading steps..."
        error={(error) =>
          error instanceof ApiError && error.status === 404 ? 'Subscription not found.' : 'Could not load the setup steps. Please try again.'
        }
      >
        {(data) => <StepsView data={data} mark={mark} />}
      </QueryState>
    </Page>
  );
}

function StepsView({
  data,
  mark,
}: {
  data: CompletionSteps;
  mark: ReturnType<typeof useMarkStep>;
}) {
  return (
    <>
      <Card className="mb-6">
        <p className="text-slate-700">
          Setup of your <strong>{data.serviceTitle}</strong> apps
        </p>
        <p className="mt-2 text-lg font-bold text-slate-900">
          {data.completed} of {data.total} steps completed
        </p>
        <ProgressBar
          value={data.total ? data.completed / data.total : 0}
          label="Setup progress"
          valueText={`${data.completed} of ${data.total} steps completed`}
          className="mt-3"
        />
      </Card>
      {data.steps.length === 0 ? (
        <p className="text-slate-700">
          There are no setup steps for this subscription yet. We will add them here.
        </p>
      ) : (
        <StepList
          subscriptionId={data.subscriptionId}
          steps={data.steps}
          busyStepId={mark.isPending ? (mark.variables?.stepId ?? null) : null}
          onMark={(stepId, completed) => mark.mutate({ stepId, completed })}
        />
      )}
      {mark.isError && <ErrorMessage>Could not change the step. Please try again.</ErrorMessage>}
    </>
  );
}

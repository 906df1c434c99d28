import { useParams } from 'react-router';
import { QUESTIONNAIRE_ERRORS } from '@portal/contracts/onboarding';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { ApiError } from '@/lib/api-client';
import { useQuestionnaire } from '@/features/onboarding/api/questionnaire';
import { QuestionnaireForm } from '@/features/onboarding/components/questionnaire-form';
import { SubmittedAnswers } from '@/features/onboarding/components/submitted-answers';

/** Why the questionnaire could not be loaded (spec §8). */
const loadProblem = (error: unknown) =>
  // A subscription that is missing, or not this user's, cannot be answered for.
  error instanceof ApiError && error.status === 404 ? QUESTIONNAIRE_ERRORS.noSubscription : QUESTIONNAIRE_ERRORS.loadFailed;

export function Component() {
  const subscriptionId = useParams().subscriptionId ?? '';
  const query = useQuestionnaire(subscriptionId);
  return (
    <Page title="Business Questionnaire">
      {!subscriptionId.trim() ? (
        <ErrorMessage>{QUESTIONNAIRE_ERRORS.noSubscription}</ErrorMessage>
      ) : (
        <QueryState
          query={query}
          pending="Loading questionnaire..."
          error={loadProblem}
          isEmpty={(data) => data.items.length === 0}
          empty={<ErrorMessage>{QUESTIONNAIRE_ERRORS.noForm}</ErrorMessage>}
        >
          {(data) => (
            <>
              <p className="mb-6 text-slate-700">
                Tell us about your business for your <strong>{data.serviceTitle}</strong> subscription.
                Questions marked * are required.
              </p>
              {data.submission && (
                <details className="mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <summary className="cursor-pointer font-semibold text-slate-900">Your answers as sent</summary>
                  <SubmittedAnswers answers={data.submission.answers} className="mt-3" />
                </details>
              )}
              <QuestionnaireForm key={data.subscriptionId} questionnaire={data} />
            </>
          )}
        </QueryState>
      )}
    </Page>
  );
}

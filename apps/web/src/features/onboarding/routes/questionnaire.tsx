import { useParams } from 'react-router';
import { QUESTIONNAIRE_ERRORS } from '@portal/contracts/onboarding';
import { ErrorMessage, Page, StatusMessage } from '@/components/ui/page';
import { ApiError } from '@/lib/api-client';
import { useQuestionnaire } from '../api/get-questionnaire';
import { QuestionnaireForm } from '../components/questionnaire-form';

/** Why the questionnaire cannot be shown (spec §8), or null. */
function loadProblem(subscriptionId: string, query: ReturnType<typeof useQuestionnaire>): string | null {
  // A subscription that is missing, or not this user's, cannot be answered for.
  if (!subscriptionId.trim() || (query.error instanceof ApiError && query.error.status === 404))
    return QUESTIONNAIRE_ERRORS.noSubscription;
  if (query.isError) return QUESTIONNAIRE_ERRORS.loadFailed;
  if (query.data && query.data.items.length === 0) return QUESTIONNAIRE_ERRORS.noForm;
  return null;
}

export function Component() {
  const subscriptionId = useParams().subscriptionId ?? '';
  const query = useQuestionnaire(subscriptionId);
  const problem = loadProblem(subscriptionId, query);
  return (
    <Page title="Business Questionnaire">
      {problem ? (
        <ErrorMessage>{problem}</ErrorMessage>
      ) : !query.data ? (
        <StatusMessage>Loading questionnaire...</StatusMessage>
      ) : (
        <>
          <p className="mb-6 text-slate-700">
            Tell us about your business for your <strong>{query.data.serviceTitle}</strong> subscription.
            Questions marked * are required.
          </p>
          <QuestionnaireForm key={query.data.subscriptionId} questionnaire={query.data} />
        </>
      )}
    </Page>
  );
}

import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  QUESTIONNAIRE_ERRORS,
  requiredQuestionMessage,
  type Questionnaire,
} from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorMessage } from '@/components/ui/page';
import { useLoadingOverlay } from '@/components/ui/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { useSubmitQuestionnaire } from '../api/questionnaire';
import { QuestionField, questionInputId } from './question-field';
import {
  answersFrom,
  draftsFrom,
  emptyDraft,
  firstUnanswered,
  imageProblem,
  type Draft,
  type Drafts,
} from './questionnaire-draft';
import { paths } from '@/lib/paths';

/** The questions of a questionnaire, filled with any saved answers; submitting goes to the dashboard. */
export function QuestionnaireForm({ questionnaire }: { questionnaire: Questionnaire }) {
  const { subscriptionId, items, submission } = questionnaire;
  const [drafts, setDrafts] = useState<Drafts>(() => draftsFrom(items, submission));
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitQuestionnaire(subscriptionId);
  const overlay = useLoadingOverlay();
  const navigate = useNavigate();

  const change = (itemId: string) => (update: (d: Draft) => Draft) =>
    setDrafts((all) => ({ ...all, [itemId]: update(all[itemId] ?? emptyDraft()) }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing = firstUnanswered(items, drafts);
    if (missing) {
      setError(requiredQuestionMessage(missing.prompt));
      document.getElementById(questionInputId(missing))?.focus();
      return;
    }
    const waiting = imageProblem(drafts);
    if (waiting) return setError(waiting);
    setError(null);
    overlay.show('Submitting your responses...');
    try {
      await submit.mutateAsync(answersFrom(items, drafts));
      await navigate(paths.dashboard());
    } catch (failure) {
      // The server names a question it refused (400); anything else is the catalogue's message (spec §8).
      setError(
        failure instanceof ApiError && failure.status === 400
          ? failure.message
          : QUESTIONNAIRE_ERRORS.submitFailed,
      );
    } finally {
      overlay.hide();
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      {submission && (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
          You sent this questionnaire on {formatShortDate(submission.submittedAt)}. Change any answer and
          submit again to update it.
        </p>
      )}
      {items.map((item) => (
        <Card key={item.id}>
          <QuestionField
            item={item}
            draft={drafts[item.id] ?? emptyDraft()}
            subscriptionId={subscriptionId}
            onChange={change(item.id)}
          />
        </Card>
      ))}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div>
        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
          {submit.isPending ? 'Submitting...' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}

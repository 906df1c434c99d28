import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  QUESTIONNAIRE_ERRORS,
  requiredQuestionMessage,
  type AnswerInput,
  type FormItem,
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

/** The form's values: one draft per question, in question order. */
interface QuestionnaireValues {
  drafts: Draft[];
}

const inOrder = (items: FormItem[], drafts: Drafts): Draft[] =>
  items.map((item) => drafts[item.id] ?? emptyDraft());
const byItem = (items: FormItem[], drafts: Draft[]): Drafts =>
  Object.fromEntries(items.map((item, i) => [item.id, drafts[i] ?? emptyDraft()]));

/**
 * The questionnaire's rules as a schema: every required question answered (spec §5, the contract's message,
 * reported on the first one left empty), no image still uploading or failed; its output is the answers to send.
 */
const answersSchema = (items: FormItem[]) =>
  z
    .object({ drafts: z.array(z.custom<Draft>()) })
    .transform(({ drafts }) => byItem(items, drafts))
    .superRefine((drafts, ctx) => {
      const missing = firstUnanswered(items, drafts);
      if (missing) {
        ctx.addIssue({
          code: 'custom',
          path: ['drafts', items.indexOf(missing)],
          message: requiredQuestionMessage(missing.prompt),
        });
        return;
      }
      const waiting = imageProblem(drafts);
      if (waiting) ctx.addIssue({ code: 'custom', path: ['root'], message: waiting });
    })
    .transform((drafts): AnswerInput[] => answersFrom(items, drafts));

/**
 * The questions of a questionnaire, filled with any saved answers; submitting goes to the dashboard. Staff may add,
 * reorder or delete questions while the page is open (live): the form then starts again with the questions in
 * their new order, each keeping what the customer had entered for it.
 */
export function QuestionnaireForm({ questionnaire }: { questionnaire: Questionnaire }) {
  const entered = useRef<Drafts | null>(null);
  return <QuestionnaireFields key={questionnaire.items.map((item) => item.id).join('\n')} questionnaire={questionnaire} entered={entered} />;
}

function QuestionnaireFields({ questionnaire, entered }: { questionnaire: Questionnaire; entered: RefObject<Drafts | null> }) {
  const { subscriptionId, items, submission } = questionnaire;
  const resolver = useMemo(() => zodResolver(answersSchema(items)), [items]);
  const { control, handleSubmit, getValues, setError, clearErrors, watch, formState } = useForm<
    QuestionnaireValues,
    unknown,
    AnswerInput[]
  >({
    resolver,
    defaultValues: { drafts: inOrder(items, entered.current ?? draftsFrom(items, submission)) },
    // The message stays until the next submit, as a form-level message.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  useEffect(() => {
    const watching = watch((values) => {
      entered.current = { ...entered.current, ...byItem(items, (values.drafts ?? []) as Draft[]) };
    });
    return () => watching.unsubscribe();
  }, [watch, items, entered]);
  const submit = useSubmitQuestionnaire(subscriptionId);
  const overlay = useLoadingOverlay();
  const navigate = useNavigate();
  const errors = formState.errors;
  const error =
    errors.root?.server?.message ??
    errors.drafts?.find?.((draftError) => draftError?.message)?.message ??
    errors.root?.message ??
    null;

  const onSubmit = handleSubmit(
    async (answers) => {
      clearErrors();
      overlay.show('Submitting your responses...');
      try {
        await submit.mutateAsync(answers);
        await navigate(paths.dashboard());
      } catch (failure) {
        // The server names a question it refused (400); anything else is the catalogue's message (spec §8).
        setError('root.server', {
          message:
            failure instanceof ApiError && failure.status === 400
              ? failure.message
              : QUESTIONNAIRE_ERRORS.submitFailed,
        });
      } finally {
        overlay.hide();
      }
    },
    () => {
      const missing = firstUnanswered(items, byItem(items, getValues('drafts')));
      if (missing) document.getElementById(questionInputId(missing))?.focus();
    },
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
      {submission && (
        <p role="status" className="rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
          You sent this questionnaire on {formatShortDate(submission.submittedAt)}. Change any answer and
          submit again to update it.
        </p>
      )}
      {items.map((item, index) => (
        <Card key={item.id}>
          <Controller
            control={control}
            name={`drafts.${index}`}
            render={({ field, fieldState }) => (
              <QuestionField
                item={item}
                draft={field.value}
                subscriptionId={subscriptionId}
                error={fieldState.error?.message}
                // Changes arrive as updates of the latest draft (an upload finishing may come after typing). An
                // answer clears its question's error at once, here and near Submit.
                onChange={(update) => {
                  const next = update(getValues(`drafts.${index}`));
                  field.onChange(next);
                  if (fieldState.error && !firstUnanswered([item], { [item.id]: next })) clearErrors(`drafts.${index}`);
                }}
              />
            )}
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

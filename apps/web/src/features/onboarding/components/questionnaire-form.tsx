import { useEffect, useMemo, useRef, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  type AnswerInput,
  type FormItem,
  type Questionnaire,
} from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorMessage } from '@/components/ui/page';
import { useLoadingOverlay } from '@/components/ui/loading-overlay';
import { formatShortDate } from '@/lib/format';
import { useSubmitQuestionnaire } from '../api/questionnaire';
import { QuestionField, questionInputId } from './question-field';
import {
  answersFrom,
  draftsFrom,
  emptyDraft,
  problemOf,
  problemsOf,
  type Draft,
  type Drafts,
} from './questionnaire-draft';
import { refusalOf } from './submit-refusal';
import { useDraftAutosave, type DraftStatus } from './use-draft-autosave';
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
 * The questionnaire's rules as a schema: every question that stops the submit is reported at that question (every
 * required one left empty with the message of spec §5, a text over its limit, an image that failed or is still
 * uploading); its output is the answers to send.
 */
const answersSchema = (items: FormItem[]) =>
  z
    .object({ drafts: z.array(z.custom<Draft>()) })
    .transform(({ drafts }) => byItem(items, drafts))
    .superRefine((drafts, ctx) => {
      for (const { item, message } of problemsOf(items, drafts))
        ctx.addIssue({ code: 'custom', path: ['drafts', items.indexOf(item)], message });
    })
    .transform((drafts): AnswerInput[] => answersFrom(items, drafts));

/** The line near Submit: the one question's own message (spec §5's words for a required one), or how many. */
const needAttention = (messages: string[]) =>
  messages.length === 1 ? messages[0]! : `${messages.length} answers need your attention. See the questions marked.`;

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
  const { subscriptionId, items, submission, draft } = questionnaire;
  const resolver = useMemo(() => zodResolver(answersSchema(items)), [items]);
  const { control, handleSubmit, getValues, setError, clearErrors, watch, formState } = useForm<
    QuestionnaireValues,
    unknown,
    AnswerInput[]
  >({
    resolver,
    defaultValues: { drafts: inOrder(items, entered.current ?? draftsFrom(items, (draft ?? submission)?.answers)) },
    // The messages stay until the answer changes or the next submit.
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const autosave = useDraftAutosave(subscriptionId, submission?.submittedAt ?? null);
  const { schedule: keepDraft } = autosave;
  useEffect(() => {
    const watching = watch((values) => {
      const drafts = byItem(items, (values.drafts ?? []) as Draft[]);
      entered.current = { ...entered.current, ...drafts };
      keepDraft(answersFrom(items, drafts));
    });
    return () => watching.unsubscribe();
  }, [watch, items, entered, keepDraft]);
  const submit = useSubmitQuestionnaire(subscriptionId);
  const overlay = useLoadingOverlay();
  const navigate = useNavigate();
  const errors = formState.errors;
  const flagged = items.flatMap((_, i) => errors.drafts?.[i]?.message ?? []);
  const summary = errors.root?.server?.message ?? (flagged.length > 0 ? needAttention(flagged) : null);
  const inputOfFirst = (flaggedItems: FormItem[]) => (flaggedItems[0] ? document.getElementById(questionInputId(flaggedItems[0])) : null);

  const onSubmit = handleSubmit(
    async (answers) => {
      clearErrors();
      autosave.stop();
      overlay.show('Submitting your responses...');
      // The first question the server refused, focused once the overlay has gone (it holds focus until then).
      let refusedInput: HTMLElement | null = null;
      try {
        await submit.mutateAsync(answers);
        await navigate(paths.dashboard());
      } catch (failure) {
        // Each question the server refused shows why, in words; the line near Submit sums up (spec §8 otherwise).
        const refusal = refusalOf(failure);
        const refused = items.filter((item) => refusal.questions[item.id]);
        for (const item of refused)
          setError(`drafts.${items.indexOf(item)}`, { type: 'server', message: refusal.questions[item.id] });
        if (refused.length === 0) setError('root.server', { message: refusal.summary });
        refusedInput = inputOfFirst(refused);
        // Not sent after all: the answers are kept as a draft again.
        keepDraft(answersFrom(items, byItem(items, getValues('drafts'))));
      } finally {
        overlay.hide(refusedInput);
      }
    },
    (invalid) => inputOfFirst(items.filter((_, i) => invalid.drafts?.[i]))?.focus(),
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
                // Changes arrive as updates of the latest draft (an upload finishing may come after typing). A
                // change clears its question's message once nothing stops that question any more, or updates it.
                onChange={(update) => {
                  const next = update(getValues(`drafts.${index}`));
                  field.onChange(next);
                  const problem = fieldState.error ? problemOf(item, next) : null;
                  if (fieldState.error && !problem) {
                    clearErrors(`drafts.${index}`);
                    clearErrors('root.server');
                  } else if (problem && fieldState.error?.type !== 'server' && problem !== fieldState.error?.message) {
                    // Still stopping the submit, for a reason that changed (e.g. fewer characters over): say it now.
                    setError(`drafts.${index}`, { type: 'validate', message: problem });
                  }
                }}
              />
            )}
          />
        </Card>
      ))}
      {summary && <ErrorMessage>{summary}</ErrorMessage>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" disabled={submit.isPending} className="w-full sm:w-auto">
          {submit.isPending ? 'Submitting...' : 'Submit'}
        </Button>
        <DraftNote status={autosave.status} />
      </div>
    </form>
  );
}

/** Whether the answers are kept for a reload, said quietly unless they could not be. */
function DraftNote({ status }: { status: DraftStatus }) {
  const text = {
    idle: 'Your answers are kept as a draft as you type.',
    saving: 'Saving your draft...',
    saved: 'Draft saved. Your answers will be here when you come back.',
    failed: status.state === 'failed' ? status.message : '',
  }[status.state];
  return (
    <p role="status" className={`text-sm ${status.state === 'failed' ? 'font-medium text-red-700' : 'text-slate-600'}`}>
      {text}
    </p>
  );
}

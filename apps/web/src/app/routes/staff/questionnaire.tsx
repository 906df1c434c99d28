import { useState } from 'react';
import { DEFAULT_MAX_IMAGES, type FormItem, isQuestionType, QUESTION_TYPE_LABELS } from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { useQuestionChanges, useStaffQuestions } from '@/features/onboarding/api/question-editor';
import { EditorDialog, MoveButtons, RowActions, type Editing } from '@/components/editor';
import { QuestionForm } from '@/features/onboarding/components/question-editor/question-form';
import { ApiError } from '@/lib/api-client';

const typeLabel = (type: string) => (isQuestionType(type) ? QUESTION_TYPE_LABELS[type] : `Unsupported type: ${type}`);

/** /staff/questionnaire: the business questionnaire's questions in order; create, edit, reorder, delete. */
export function Component() {
  const questions = useStaffQuestions();
  const { move, remove } = useQuestionChanges();
  const [editing, setEditing] = useState<Editing<FormItem>>(null);
  const failed = move.error ?? remove.error;
  return (
    <Page title="Questionnaire" actions={<Button onClick={() => setEditing('new')}>New question</Button>}>
      <p className="mb-4 text-sm text-slate-700">
        Customers answer these questions after buying a plan. Answers already sent keep the question and options as they were then.
      </p>
      {failed && <ErrorMessage>{failed instanceof ApiError ? failed.message : 'Could not save. Please try again.'}</ErrorMessage>}
      <QueryState query={questions} pending="Loading questions..." error="Could not load the questions." empty="No questions yet." isEmpty={(d) => d.questions.length === 0}>
        {(data) => (
          <ol aria-label="Questions" className="space-y-3">
            {data.questions.map((question, index) => (
              <li key={question.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <MoveButtons name={`"${question.prompt}"`} first={index === 0} last={index === data.questions.length - 1} busy={move.isPending} onMove={(direction) => move.mutateAsync({ questionId: question.id, direction })} />
                <div className="min-w-[12rem] flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{index + 1}. {question.prompt}</span>
                    {question.isRequired && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">Required</span>}
                  </p>
                  <p className={`text-sm ${isQuestionType(question.type) ? 'text-slate-700' : 'font-semibold text-amber-800'}`}>
                    {typeLabel(question.type)}
                    {question.type === 'MULTIPLE_IMAGE_UPLOAD' && ` · up to ${question.maxImages ?? DEFAULT_MAX_IMAGES}`}
                  </p>
                  {question.options.length > 0 && <p className="text-sm text-slate-600">Options: {question.options.map((o) => o.text).join(', ')}</p>}
                </div>
                <RowActions
                  name={`"${question.prompt}"`}
                  confirm={`Delete the question "${question.prompt}"? Answers already sent keep it.`}
                  busy={remove.isPending}
                  onEdit={() => setEditing(question)}
                  onDelete={() => remove.mutate(question.id)}
                />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="question" onClose={() => setEditing(null)}>
        {(question) => <QuestionForm question={question} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}

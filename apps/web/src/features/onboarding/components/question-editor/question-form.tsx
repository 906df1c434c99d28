import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CHOICE_QUESTION_TYPES, DEFAULT_MAX_IMAGES, type FormItem, isQuestionType, MAX_IMAGES_LIMIT, MAX_OPTIONS, QUESTION_TYPE_LABELS, QUESTION_TYPES, type QuestionInput, questionInputSchema, questionProblem } from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useQuestionChanges } from '../../api/question-editor';

/**
 * The form's fields: options keep their ids (empty for a new one), the maximum is typed. Options and the maximum
 * count only for the types that have them, so switching type and back loses nothing; the rest is the API's rules.
 */
const formSchema = z
  .object({
    prompt: questionInputSchema.shape.prompt,
    type: questionInputSchema.shape.type,
    isRequired: z.boolean(),
    options: z.array(z.object({ optionId: z.string(), text: z.string() })),
    maxImages: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_IMAGES_LIMIT), `Enter a whole number from 1 to ${MAX_IMAGES_LIMIT}, or leave it empty.`),
  })
  .transform(
    (v): QuestionInput => ({
      prompt: v.prompt,
      type: v.type,
      isRequired: v.isRequired,
      options: CHOICE_QUESTION_TYPES.includes(v.type) ? v.options.map((o) => ({ ...(o.optionId ? { id: o.optionId } : {}), text: o.text.trim() })) : [],
      maxImages: v.type === 'MULTIPLE_IMAGE_UPLOAD' && v.maxImages ? Number(v.maxImages) : null,
    }),
  )
  .superRefine((v, ctx) => {
    const empty = v.options.findIndex((o) => o.text === '');
    if (empty >= 0) return ctx.addIssue({ code: 'custom', path: ['options', empty, 'text'], message: 'An option needs its text.' });
    const problem = questionProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
type FormInput = z.input<typeof formSchema>;

const selectClass = 'block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base';

/** Create or edit a question: its prompt, type, whether it is required, its options or its maximum of images. */
export function QuestionForm({ question, onDone }: { question?: FormItem; onDone: () => void }) {
  const { save } = useQuestionChanges();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, control, handleSubmit, watch, getValues, clearErrors, formState } = useForm<FormInput, unknown, QuestionInput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      prompt: question?.prompt ?? '',
      type: question && isQuestionType(question.type) ? question.type : 'SINGLE_TEXT_INPUT',
      isRequired: question?.isRequired ?? false,
      options: question?.options.map((o) => ({ optionId: o.id, text: o.text })) ?? [],
      maxImages: question?.maxImages ? String(question.maxImages) : '',
    },
  });
  const options = useFieldArray({ control, name: 'options' });
  const type = watch('type');
  const errors = formState.errors;
  const choice = CHOICE_QUESTION_TYPES.includes(type);
  const optionsError = errors.options?.root?.message ?? errors.options?.message;

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await save.mutateAsync({ questionId: question?.id, body });
      onDone();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Could not save the question. Please try again.');
    }
  });

  const typeField = register('type', {
    // A type with options starts with one empty option to fill in.
    onChange: () => {
      if (CHOICE_QUESTION_TYPES.includes(getValues('type')) && getValues('options').length === 0) options.append({ optionId: '', text: '' });
    },
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      {question && !isQuestionType(question.type) && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">Customers cannot answer this question's type ({question.type}): choose one they can.</p>
      )}
      <TextField id="question-prompt" label="Question" registration={register('prompt')} error={errors.prompt?.message} />
      <div>
        <label htmlFor="question-type" className="mb-1 block text-sm font-medium text-slate-800">Type</label>
        <select id="question-type" {...typeField} className={selectClass}>
          {QUESTION_TYPES.map((t) => <option key={t} value={t}>{QUESTION_TYPE_LABELS[t]}</option>)}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...register('isRequired')} className="h-4 w-4" /> Required
      </label>
      {choice && (
        <fieldset className="min-w-0">
          <legend className="mb-1 text-sm font-semibold text-slate-800">Options</legend>
          <ol className="space-y-2">
            {options.fields.map((field, index) => {
              const error = errors.options?.[index]?.text?.message;
              const label = `Option ${index + 1}`;
              return (
                <li key={field.id} className="flex flex-wrap items-start gap-1">
                  <div className="min-w-0 flex-1">
                    <label htmlFor={`question-option-${index}`} className="sr-only">{label}</label>
                    <input
                      id={`question-option-${index}`}
                      {...register(`options.${index}.text`)}
                      placeholder={label}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `question-option-${index}-error` : undefined}
                      className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
                    />
                    {error && <p id={`question-option-${index}-error`} className="mt-1 text-sm text-red-700">{error}</p>}
                  </div>
                  <Button variant="ghost" className="px-2" aria-label={`Move ${label.toLowerCase()} up`} disabled={index === 0} onClick={() => options.swap(index, index - 1)}>↑</Button>
                  <Button variant="ghost" className="px-2" aria-label={`Move ${label.toLowerCase()} down`} disabled={index === options.fields.length - 1} onClick={() => options.swap(index, index + 1)}>↓</Button>
                  <Button variant="ghost" className="px-2" aria-label={`Remove ${label.toLowerCase()}`} onClick={() => { options.remove(index); clearErrors('options'); }}>✕</Button>
                </li>
              );
            })}
          </ol>
          {/* A rule about the options as a whole (none, two alike) is the field array's root error. */}
          {optionsError && <p className="mt-1 text-sm text-red-700">{optionsError}</p>}
          <Button variant="secondary" className="mt-2" disabled={options.fields.length >= MAX_OPTIONS} onClick={() => options.append({ optionId: '', text: '' })}>Add option</Button>
        </fieldset>
      )}
      {type === 'MULTIPLE_IMAGE_UPLOAD' && (
        <TextField id="question-maxImages" label={`Up to how many images (empty: ${DEFAULT_MAX_IMAGES}, a hint only)`} inputMode="numeric" registration={register('maxImages')} error={errors.maxImages?.message} />
      )}
      {failure && <ErrorMessage>{failure}</ErrorMessage>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>Cancel</Button>
        <Button type="submit" disabled={formState.isSubmitting}>{question ? 'Save question' : 'Create question'}</Button>
      </div>
    </form>
  );
}

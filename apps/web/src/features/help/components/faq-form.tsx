import { faqInputSchema, type Faq, type FaqInput } from '@portal/contracts/help';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useFaqChanges } from '../api/help-editor';
import { useEditorForm } from '@/components/editor';

/** Create or edit a FAQ: plain text, the answer's line breaks kept. */
export function FaqForm({ faq, onDone }: { faq?: Faq; onDone: () => void }) {
  const { save } = useFaqChanges();
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<FaqInput>(
    faqInputSchema,
    { question: faq?.question ?? '', answer: faq?.answer ?? '' },
    'Could not save the FAQ. Please try again.',
    onDone,
  );
  const submit = handleSubmit((body) => editor.save(() => save.mutateAsync({ faqId: faq?.id, body })));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="faq-question" label="Question" registration={register('question')} error={errors.question?.message} />
      <TextAreaField id="faq-answer" label="Answer" rows={6} registration={register('answer')} error={errors.answer?.message} />
      <p className="text-sm text-slate-600">Plain text: customers see it as typed, with its line breaks.</p>
      {editor.actions(faq ? 'Save FAQ' : 'Create FAQ', formState.isSubmitting)}
    </form>
  );
}

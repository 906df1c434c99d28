import { stepTemplateInputSchema, type StepTemplate, type StepTemplateInput } from '@portal/contracts/step-templates';
import { TextField } from '@/components/ui/text-field';
import { useStepTemplateChanges } from '../../api/step-template-editor';
import { useEditorForm } from '@/components/editor';
import { StepPlaceField } from '../step-editor/step-place-field';

/** Create or edit a setup-step template; a new one takes the number after the last. */
export function StepTemplateForm({ template, nextIndex, onDone }: { template?: StepTemplate; nextIndex: number; onDone: () => void }) {
  const { save } = useStepTemplateChanges();
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<StepTemplateInput>(
    stepTemplateInputSchema,
    template ? { stepIndex: template.stepIndex, stepDetails: template.stepDetails, place: template.place } : { stepIndex: nextIndex, stepDetails: '', place: null },
    'Could not save the step. Please try again.',
    onDone,
  );
  const submit = handleSubmit((body) => editor.save(() => save.mutateAsync({ templateId: template?.id, body })));
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField
        id="template-index"
        label="Step number (the order steps are shown in)"
        type="number"
        min={0}
        inputMode="numeric"
        className="sm:max-w-xs"
        registration={register('stepIndex', { valueAsNumber: true })}
        error={errors.stepIndex?.message}
      />
      <div>
        <label htmlFor="template-details" className="mb-1 block text-sm font-medium text-slate-800">Details</label>
        <textarea
          id="template-details"
          rows={3}
          aria-invalid={errors.stepDetails ? true : undefined}
          aria-describedby={errors.stepDetails ? 'template-details-error' : undefined}
          {...register('stepDetails')}
          className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
        />
        {errors.stepDetails && <p id="template-details-error" className="mt-1 text-sm text-red-700">{errors.stepDetails.message}</p>}
      </div>
      <StepPlaceField id="template-place" register={register} className="sm:max-w-xs" />
      {editor.actions(template ? 'Save step' : 'Create step', formState.isSubmitting)}
    </form>
  );
}

import { z } from 'zod';
import { stageTemplateInputSchema, type StageTemplate, type StageTemplateInput } from '@portal/contracts/project-stages';
import { useEditorForm } from '@/components/editor';
import { TextField } from '@/components/ui/text-field';
import { useStageTemplateChanges } from '../api/stage-templates';

/** The days field is text in the browser: empty means no expected date, anything else must be a whole number. */
const formSchema = stageTemplateInputSchema.extend({ expectedDays: z.string().trim().regex(/^\d*$/, 'Enter a whole number of days, or leave it empty.') });
type TemplateForm = z.infer<typeof formSchema>;
const toInput = (form: TemplateForm): StageTemplateInput => ({ ...form, expectedDays: form.expectedDays === '' ? null : Number(form.expectedDays) });

/** Create a stage template (it goes last) or edit one. */
export function StageTemplateForm({ template, onDone }: { template?: StageTemplate; onDone: () => void }) {
  const { save } = useStageTemplateChanges();
  const { register, handleSubmit, formState, errors, editor, setError } = useEditorForm<TemplateForm>(
    formSchema,
    { name: template?.name ?? '', expectedDays: template?.expectedDays?.toString() ?? '', launches: template?.launches ?? false },
    'Could not save the stage. Please try again.',
    onDone,
  );
  const submit = handleSubmit((form) => {
    // The contract's own check (0 to 365 days) speaks for the field, as the server would.
    const checked = stageTemplateInputSchema.safeParse(toInput(form));
    if (!checked.success) return setError('expectedDays', { message: checked.error.issues[0]?.message ?? 'Check the days.' });
    return editor.save(() => save.mutateAsync({ stageTemplateId: template?.id, body: checked.data }));
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="stage-template-name" label="Stage name" registration={register('name')} error={errors.name?.message} />
      <TextField
        id="stage-template-days"
        label="Expected days after the previous stage (optional)"
        inputMode="numeric"
        className="sm:max-w-xs"
        registration={register('expectedDays')}
        error={errors.expectedDays?.message}
      />
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...register('launches')} className="h-4 w-4" /> Reaching this stage publishes the project
      </label>
      {editor.actions(template ? 'Save stage' : 'Create stage', formState.isSubmitting)}
    </form>
  );
}

import { z } from 'zod';
import { newProjectStageSchema, type ProjectStage } from '@portal/contracts/project-stages';
import { useEditorForm } from '@/components/editor';
import { TextField } from '@/components/ui/text-field';
import { useProjectStageChanges } from '../../api/stages';
import { changedTime, dateInputValue, timeOfDateInput } from './date-input';

const dateField = z.string().regex(/^(\d{4}-\d{2}-\d{2})?$/, 'Enter a date, or leave it empty.');
const stageFormSchema = z.object({ name: newProjectStageSchema.shape.name, expectedDate: dateField, reachedDate: dateField, launches: z.boolean() });
type StageForm = z.infer<typeof stageFormSchema>;

/**
 * Add a stage to one project (last), or edit one: its name, expected date, reached date and launch mark. Only the
 * dates that changed are sent: an expected date sent is staff's own, which reaching the stage before keeps.
 */
export function StageForm({ projectId, stage, onDone }: { projectId: string; stage?: ProjectStage; onDone: () => void }) {
  const { add, update } = useProjectStageChanges(projectId);
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<StageForm>(
    stageFormSchema,
    {
      name: stage?.name ?? '',
      expectedDate: dateInputValue(stage?.expectedAt ?? null),
      reachedDate: dateInputValue(stage?.reachedAt ?? null),
      launches: stage?.launches ?? false,
    },
    'Could not save the stage. Please try again.',
    onDone,
  );
  const submit = handleSubmit((form) =>
    editor.save(() =>
      stage
        ? update.mutateAsync({
            stageId: stage.id,
            body: {
              name: form.name,
              launches: form.launches,
              expectedAt: changedTime(form.expectedDate, stage.expectedAt),
              reachedAt: changedTime(form.reachedDate, stage.reachedAt),
            },
          })
        : add.mutateAsync({ name: form.name, launches: form.launches, expectedAt: timeOfDateInput(form.expectedDate) }),
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="stage-name" label="Stage name" registration={register('name')} error={errors.name?.message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="stage-expected" label="Expected date (optional)" type="date" registration={register('expectedDate')} error={errors.expectedDate?.message} />
        {stage && (
          <TextField id="stage-reached" label="Reached date (optional)" type="date" registration={register('reachedDate')} error={errors.reachedDate?.message} />
        )}
      </div>
      {stage && !stage.reachedAt && (
        <p className="text-sm text-slate-600">Giving a reached date reaches the stage as &ldquo;Mark reached&rdquo; does: the customer is told by e-mail.</p>
      )}
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...register('launches')} className="h-4 w-4" /> Reaching this stage publishes the project
      </label>
      {editor.actions(stage ? 'Save stage' : 'Add stage', formState.isSubmitting)}
    </form>
  );
}

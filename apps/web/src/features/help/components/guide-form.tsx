import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { guideFormSchema, joinWords, USER_LEVELS, type GuideForm as GuideFormValues, type GuideInput, type HelpGuide } from '@portal/contracts/help';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { useGuideChanges } from '../api/help-editor';
import { useEditorSave } from '@/components/editor';

const empty: GuideFormValues = { title: '', description: '', category: '', userLevel: 'beginner', consoleTypes: '', navigation: '', howToUse: '', tags: '' };

/** Create or edit a help guide: every field of the import, plain text; console types and tags comma-separated. */
export function GuideForm({ guide, onDone }: { guide?: HelpGuide; onDone: () => void }) {
  const { save } = useGuideChanges();
  const { save: run, actions } = useEditorSave('Could not save the guide. Please try again.', onDone);
  const { register, handleSubmit, formState } = useForm<GuideFormValues, unknown, GuideInput>({
    resolver: zodResolver(guideFormSchema),
    defaultValues: guide ? { ...guide, consoleTypes: joinWords(guide.consoleTypes), tags: joinWords(guide.tags) } : empty,
  });
  const submit = handleSubmit((body) => run(() => save.mutateAsync({ guideId: guide?.id, body })));
  const errors = formState.errors;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="guide-title" label="Title" registration={register('title')} error={errors.title?.message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="guide-category" label="Category" registration={register('category')} error={errors.category?.message} />
        <div>
          <label htmlFor="guide-level" className="mb-1 block text-sm font-medium text-slate-800">
            User level
          </label>
          <select id="guide-level" {...register('userLevel')} className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base capitalize">
            {USER_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </div>
      </div>
      <TextField id="guide-console-types" label="Console types (comma-separated)" registration={register('consoleTypes')} error={errors.consoleTypes?.message} />
      <TextField id="guide-navigation" label="Navigation path" registration={register('navigation')} error={errors.navigation?.message} />
      <TextAreaField id="guide-description" label="Description" rows={3} registration={register('description')} error={errors.description?.message} />
      <TextAreaField id="guide-how-to-use" label="How to use" rows={6} registration={register('howToUse')} error={errors.howToUse?.message} />
      <TextField id="guide-tags" label="Tags (comma-separated)" registration={register('tags')} error={errors.tags?.message} />
      <p className="text-sm text-slate-600">Plain text: customers see it as typed, with its line breaks. Saving sets Last Updated to today.</p>
      {actions(guide ? 'Save guide' : 'Create guide', formState.isSubmitting)}
    </form>
  );
}

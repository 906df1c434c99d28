import {
  centsToDollars,
  dollarsToCents,
  PLAN_PERIODS,
  planFormSchema,
  type PlanForm as PlanFormValues,
  type StaffPlan,
} from '@portal/contracts/plans';
import { TextField } from '@/components/ui/text-field';
import { usePlanChanges } from '../../api/plan-editor';
import { useEditorForm } from '@/components/editor';

/** Create or edit a plan: the amount is typed in dollars and stored in cents. */
export function PlanForm({ plan, onDone }: { plan?: StaffPlan; onDone: () => void }) {
  const { save } = usePlanChanges();
  const { register, handleSubmit, formState, errors, editor } = useEditorForm<PlanFormValues>(
    planFormSchema,
    plan
      ? { title: plan.title, dollars: centsToDollars(plan.amount), recurring: plan.recurring as PlanFormValues['recurring'], description: plan.description ?? '', visible: plan.visible }
      : { title: '', dollars: '', recurring: 'month', description: '', visible: true },
    'Could not save the plan. Please try again.',
    onDone,
  );
  const submit = handleSubmit(({ dollars, ...rest }) =>
    editor.save(() => save.mutateAsync({ planId: plan?.id, body: { ...rest, amount: dollarsToCents(dollars) } })),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
      <TextField id="plan-title" label="Title" registration={register('title')} error={errors.title?.message} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id="plan-dollars" label="Amount (US dollars)" inputMode="decimal" registration={register('dollars')} error={errors.dollars?.message} />
        <div>
          <label htmlFor="plan-recurring" className="mb-1 block text-sm font-medium text-slate-800">Period</label>
          <select id="plan-recurring" {...register('recurring')} className="block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base">
            {PLAN_PERIODS.map((period) => <option key={period} value={period}>{period}</option>)}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor="plan-description" className="mb-1 block text-sm font-medium text-slate-800">Description</label>
        <textarea id="plan-description" rows={3} {...register('description')} className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base" />
        {errors.description && <p className="mt-1 text-sm text-red-700">{errors.description.message}</p>}
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" {...register('visible')} className="h-4 w-4" /> Shown on pricing
      </label>
      {editor.actions(plan ? 'Save plan' : 'Create plan', formState.isSubmitting)}
    </form>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COMPLETED_STEP_STATUS, STEP_PLACE_NAMES, type CompletionStep, newStepSchema, type NewStepInput } from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { TextField } from '@/components/ui/text-field';
import { formatShortDate } from '@/lib/format';
import { useAddStep, useStaffSteps, useUpdateStep } from '../../api/step-editor';
import { StepPlaceField } from './step-place-field';

const SAVE_FAILED = 'Could not save the step. Please try again.';

/** A step's details and place, edited or added, checked with the contract's schema. */
function StepDetailsForm({ id, label, initial, submitLabel, onSave, onCancel }: {
  id: string;
  label: string;
  initial: NewStepInput;
  submitLabel: string;
  onSave: (step: NewStepInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { register, handleSubmit, reset, formState } = useForm<NewStepInput>({ resolver: zodResolver(newStepSchema), defaultValues: initial });
  const [failed, setFailed] = useState(false);
  const submit = handleSubmit(async (step) => {
    setFailed(false);
    try {
      await onSave(step);
      reset(initial);
    } catch {
      setFailed(true);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2 sm:flex-row sm:items-start" noValidate>
      <TextField id={id} label={label} className="flex-1" registration={register('stepDetails')} error={formState.errors.stepDetails?.message} />
      <StepPlaceField id={`${id}-place`} register={register} className="sm:w-48" />
      <div className="flex gap-2 sm:mt-6">
        <Button type="submit" disabled={formState.isSubmitting}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
      {failed && <ErrorMessage>{SAVE_FAILED}</ErrorMessage>}
    </form>
  );
}

function StepRow({ step, subscriptionId }: { step: CompletionStep; subscriptionId: string }) {
  const update = useUpdateStep(subscriptionId);
  const [editing, setEditing] = useState(false);
  const done = step.stepStatus === COMPLETED_STEP_STATUS;
  // While a change is on its way the box shows what was asked for. The row holds it, set in the click's own handler:
  // the mutation's pending state reaches the render a tick later, and the box would flick back in between.
  const [asked, setAsked] = useState<boolean | null>(null);
  return (
    <li className="rounded-xl border border-slate-200 p-3">
      {editing ? (
        <StepDetailsForm
          id={`step-${step.id}`}
          label={`Details of step ${step.stepIndex}`}
          initial={{ stepDetails: step.stepDetails, place: step.place }}
          submitLabel="Save"
          onSave={async (changes) => {
            await update.mutateAsync({ stepId: step.id, ...changes });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex min-w-0 flex-1 items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 h-5 w-5"
              checked={asked ?? done}
              disabled={asked !== null || update.isPending}
              onChange={(event) => {
                const completed = event.target.checked;
                setAsked(completed);
                update.mutate({ stepId: step.id, stepStatus: completed ? COMPLETED_STEP_STATUS : 'pending' }, { onSettled: () => setAsked(null) });
              }}
              aria-label={`Step ${step.stepIndex} completed`}
            />
            <span className="min-w-0">
              <span className="block text-sm font-semibold text-slate-600">Step {step.stepIndex}</span>
              <span className="block text-slate-900">{step.stepDetails}</span>
              {step.place && <span className="block text-sm text-slate-700">Links to {STEP_PLACE_NAMES[step.place]}</span>}
              <span className="block text-xs text-slate-600">{done ? `Completed ${formatShortDate(step.completedAt)}` : step.stepStatus}</span>
            </span>
          </label>
          <Button variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit step ${step.stepIndex}`}>
            Edit
          </Button>
        </div>
      )}
      {update.isError && !editing && <ErrorMessage>{SAVE_FAILED}</ErrorMessage>}
    </li>
  );
}

/** A subscription's setup steps: staff mark each completed or not, edit its details, and add steps (live). */
export function StaffSteps({ subscriptionId, serviceTitle }: { subscriptionId: string; serviceTitle: string }) {
  const steps = useStaffSteps(subscriptionId);
  const add = useAddStep(subscriptionId);
  return (
    <div className="space-y-3">
      <h3 className="font-semibold text-slate-900">
        {serviceTitle}
        {steps.data && <span className="ml-2 text-sm font-normal text-slate-600">{steps.data.completed} of {steps.data.total} completed</span>}
      </h3>
      <QueryState query={steps} pending="Loading steps..." error="Could not load the steps.">
        {(data) => (
          <ol className="space-y-2">
            {data.steps.map((step) => (
              <StepRow key={step.id} step={step} subscriptionId={subscriptionId} />
            ))}
          </ol>
        )}
      </QueryState>
      <StepDetailsForm id={`new-step-${subscriptionId}`} label={`New step for ${serviceTitle}`} initial={{ stepDetails: '', place: null }} submitLabel="Add step" onSave={(step) => add.mutateAsync(step)} />
    </div>
  );
}

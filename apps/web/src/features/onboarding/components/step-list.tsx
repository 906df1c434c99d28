import { CheckCircle2, Circle } from 'lucide-react';
import { COMPLETED_STEP_STATUS, type CompletionStep } from '@portal/contracts/onboarding';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/format';

/** Setup steps by StepIndex; an open step can be marked completed. */
export function StepList({
  steps,
  busyStepId,
  onComplete,
}: {
  steps: CompletionStep[];
  busyStepId: string | null;
  onComplete(stepId: string): void;
}) {
  return (
    <ol className="flex flex-col gap-3">
      {steps.map((step) => {
        const done = step.stepStatus === COMPLETED_STEP_STATUS;
        return (
          <li
            key={step.id}
            className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center ${done ? 'border-emerald-200 bg-emerald-50' : 'border-slate-200 bg-white'}`}
          >
            <div className="flex min-w-0 flex-1 items-start gap-3">
              {done ? (
                <CheckCircle2 className="mt-0.5 h-6 w-6 shrink-0 text-emerald-700" aria-hidden="true" />
              ) : (
                <Circle className="mt-0.5 h-6 w-6 shrink-0 text-slate-400" aria-hidden="true" />
              )}
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-600">Step {step.stepIndex}</p>
                <p className="text-slate-900">{step.stepDetails}</p>
                <p className="mt-1 text-sm text-slate-700">
                  {done
                    ? `Completed${step.completedAt ? ` on ${formatShortDate(step.completedAt)}` : ''}`
                    : step.stepStatus.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}
                </p>
              </div>
            </div>
            {!done && (
              <Button
                variant="secondary"
                className="shrink-0"
                disabled={busyStepId !== null}
                aria-label={`Mark step ${step.stepIndex} as completed`}
                onClick={() => onComplete(step.id)}
              >
                {busyStepId === step.id ? 'Saving...' : 'Mark as Completed'}
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}

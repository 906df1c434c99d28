import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { COMPLETED_STEP_STATUS, type CompletionStep, type StepPlace } from '@portal/contracts/onboarding';
import { paths } from '@/lib/paths';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/format';

/** Where a step's place is in the portal, and what its link says. */
const PLACES: Record<StepPlace, { label: string; to: (subscriptionId: string) => string }> = {
  questionnaire: { label: 'Go to the questionnaire', to: (id) => paths.questionnaire(id) },
  'payment-methods': { label: 'Go to Payment Methods', to: () => paths.paymentMethods() },
  projects: { label: 'Go to My Projects', to: () => paths.myProjects() },
  support: { label: 'Go to Support', to: () => paths.support() },
};

/** Setup steps by StepIndex; an open step can be marked completed, and a completed one opened again (Undo). */
export function StepList({
  subscriptionId,
  steps,
  busyStepId,
  onMark,
}: {
  subscriptionId: string;
  steps: CompletionStep[];
  busyStepId: string | null;
  onMark(stepId: string, completed: boolean): void;
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
                {step.place && (
                  <Link to={PLACES[step.place].to(subscriptionId)} className="mt-1 inline-block text-sm font-semibold text-brand-700 hover:underline">
                    {PLACES[step.place].label}
                  </Link>
                )}
                <p className="mt-1 text-sm text-slate-700">
                  {done
                    ? `Completed${step.completedAt ? ` on ${formatShortDate(step.completedAt)}` : ''}`
                    : step.stepStatus.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase())}
                </p>
              </div>
            </div>
            <Button
              variant={done ? 'ghost' : 'secondary'}
              className="shrink-0"
              disabled={busyStepId !== null}
              aria-label={done ? `Undo: step ${step.stepIndex} is not completed` : `Mark step ${step.stepIndex} as completed`}
              onClick={() => onMark(step.id, !done)}
            >
              {busyStepId === step.id ? 'Saving...' : done ? 'Undo' : 'Mark as Completed'}
            </Button>
          </li>
        );
      })}
    </ol>
  );
}

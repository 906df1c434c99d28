import { Check } from 'lucide-react';
import { ErrorMessage } from '@/components/ui/page';
import { useOwnProjectStages } from '../api/stages';
import { progressSteps, progressSummary, type ProgressStep, type StageState } from './build-progress-steps';

const STATE_WORDS: Record<StageState, string> = { reached: 'Reached', current: 'Current stage', upcoming: 'Upcoming' };

function Marker({ state }: { state: StageState }) {
  if (state === 'reached') {
    return (
      <span className="relative z-10 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
        <Check className="h-4 w-4" aria-hidden="true" />
      </span>
    );
  }
  return (
    <span
      className={`relative z-10 flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 bg-white ${state === 'current' ? 'border-brand-700 ring-4 ring-brand-100' : 'border-slate-300'}`}
    >
      {state === 'current' && <span className="h-3 w-3 rounded-full bg-brand-700" />}
    </span>
  );
}

function Step({ step, last }: { step: ProgressStep; last: boolean }) {
  const current = step.state === 'current';
  return (
    <li aria-current={current ? 'step' : undefined} className="relative flex gap-3 pb-6 last:pb-0 md:min-w-[8rem] md:flex-1 md:flex-col md:gap-2 md:pb-0 md:pr-3">
      {/* The line to the next stage: down the left on a phone, across the top on a wide screen; solid once reached. */}
      {!last && (
        <span
          aria-hidden="true"
          className={`absolute left-[15px] top-8 bottom-0 w-0.5 md:left-8 md:right-0 md:top-[15px] md:bottom-auto md:h-0.5 md:w-auto ${step.state === 'reached' ? 'bg-brand-700' : 'bg-slate-200'}`}
        />
      )}
      <Marker state={step.state} />
      <div className="min-w-0">
        <p className={`break-words font-semibold ${current ? 'text-brand-800' : 'text-slate-900'}`}>
          {step.name}
          <span className="sr-only">, {STATE_WORDS[step.state]}</span>
        </p>
        {current && <p className="text-xs font-semibold uppercase tracking-wide text-brand-800" aria-hidden="true">Current stage</p>}
        <p className="text-sm text-slate-600">{step.date}</p>
      </div>
    </li>
  );
}

/** The project's build as a line of stages: reached, current, upcoming, each with its date. Nothing while it has none. */
export function BuildProgress({ projectId }: { projectId: string }) {
  const stages = useOwnProjectStages(projectId);
  if (stages.isError) return <ErrorMessage>Could not load the build progress.</ErrorMessage>;
  if (!stages.data || stages.data.stages.length === 0) return null;
  const steps = progressSteps(stages.data);
  return (
    <section aria-labelledby="build-progress-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="build-progress-heading" className="text-lg font-semibold text-slate-900">Build progress</h2>
      <p className="mb-4 text-sm text-slate-600">{progressSummary(steps)}</p>
      <div className="md:overflow-x-auto">
        <ol aria-label="Build stages" className="flex flex-col md:flex-row">
          {steps.map((step, index) => (
            <Step key={step.id} step={step} last={index === steps.length - 1} />
          ))}
        </ol>
      </div>
    </section>
  );
}

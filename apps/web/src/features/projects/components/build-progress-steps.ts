import type { ProjectStageList } from '@portal/contracts/project-stages';
import { formatShortDate } from '@/lib/format';

export type StageState = 'reached' | 'current' | 'upcoming';

/** One stage of the progress line as it is shown: where it stands and its one date. */
export interface ProgressStep {
  id: string;
  name: string;
  state: StageState;
  /** "Reached Jan 5, 2026", "Expected Jan 12, 2026", or that no date is set yet. */
  date: string;
}

/**
 * The stages in order: reached ones with their date; the current one (the first not reached, as the server says) and
 * those after it with their expected date where there is one. A stage reached out of order is still shown reached.
 */
export function progressSteps({ stages, currentStageId }: ProjectStageList): ProgressStep[] {
  return stages.map((stage) => ({
    id: stage.id,
    name: stage.name,
    state: stage.reachedAt !== null ? 'reached' : stage.id === currentStageId ? 'current' : 'upcoming',
    date: stage.reachedAt !== null ? `Reached ${formatShortDate(stage.reachedAt)}` : stage.expectedAt !== null ? `Expected ${formatShortDate(stage.expectedAt)}` : 'Date not set yet',
  }));
}

/** "Stage 2 of 5: Build", or that every stage is reached. */
export function progressSummary(steps: readonly ProgressStep[]): string {
  const index = steps.findIndex((step) => step.state === 'current');
  if (index < 0) return 'Every stage is reached.';
  return `Stage ${index + 1} of ${steps.length}: ${steps[index]!.name}`;
}

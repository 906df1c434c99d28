import { describe, expect, it } from 'vitest';
import type { ProjectStage } from '@portal/contracts/project-stages';
import { formatShortDate } from '@/lib/format';
import { progressSteps, progressSummary } from './build-progress-steps';
import { changedTime, dateInputValue, timeOfDateInput } from './staff-stages/date-input';
import { movedOrder } from '../api/stage-templates';

const at = (day: number) => new Date(2026, 2, day, 9).getTime();
const stage = (id: string, fields: Partial<ProjectStage> = {}): ProjectStage => ({ id, position: 0, name: id, launches: false, expectedAt: null, reachedAt: null, approvedAt: null, ...fields });

describe('the progress line of a project', () => {
  it('shows reached stages with their date, the current one and those after it with their expected date', () => {
    const stages = [stage('Design', { reachedAt: at(2) }), stage('Build', { expectedAt: at(16) }), stage('Review')];
    const steps = progressSteps({ stages, currentStageId: 'Build' });
    expect(steps.map((s) => [s.name, s.state, s.date])).toEqual([
      ['Design', 'reached', `Reached ${formatShortDate(at(2))}`],
      ['Build', 'current', `Expected ${formatShortDate(at(16))}`],
      ['Review', 'upcoming', 'Date not set yet'],
    ]);
    expect(progressSummary(steps)).toBe('Stage 2 of 3: Build');
  });

  it('keeps a stage reached out of order reached, and says when every stage is reached', () => {
    const stages = [stage('Design'), stage('Build', { reachedAt: at(3) })];
    expect(progressSteps({ stages, currentStageId: 'Design' }).map((s) => s.state)).toEqual(['current', 'reached']);
    const done = progressSteps({ stages: [stage('Design', { reachedAt: at(1) })], currentStageId: null });
    expect(progressSummary(done)).toBe('Every stage is reached.');
  });
});

describe('staff stage dates', () => {
  it('turn a date input into noon of that day and back, and send only a changed day', () => {
    const noon = timeOfDateInput('2026-03-10')!;
    expect(new Date(noon).getHours()).toBe(12);
    expect(dateInputValue(noon)).toBe('2026-03-10');
    expect([timeOfDateInput(''), dateInputValue(null)]).toEqual([null, '']);
    expect(changedTime('2026-03-10', at(10))).toBeUndefined();
    expect(changedTime('2026-03-11', at(10))).toBe(timeOfDateInput('2026-03-11'));
    expect(changedTime('', at(10))).toBeNull();
    expect(changedTime('', null)).toBeUndefined();
  });

  it('move a template one place up or down, never past either end', () => {
    expect(movedOrder(['a', 'b', 'c'], 1, 'up')).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 1, 'down')).toEqual(['a', 'c', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 0, 'up')).toEqual(['a', 'b', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 2, 'down')).toEqual(['a', 'b', 'c']);
  });
});

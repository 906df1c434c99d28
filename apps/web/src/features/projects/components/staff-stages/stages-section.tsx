import { useState } from 'react';
import type { ProjectStage } from '@portal/contracts/project-stages';
import { EditorDialog, errorText, MoveButtons, RowActions, type Editing } from '@/components/editor';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import { ErrorMessage } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { SectionCard } from '@/components/ui/section-card';
import { formatShortDate } from '@/lib/format';
import { useProjectStageChanges, useProjectStages } from '../../api/stages';
import { StageForm } from './stage-form';

function stageDates(stage: ProjectStage) {
  if (stage.reachedAt !== null) return `Reached ${formatShortDate(stage.reachedAt)}`;
  return stage.expectedAt !== null ? `Expected ${formatShortDate(stage.expectedAt)}` : 'No expected date';
}

/** Staff's "Build stages" of one project: add, edit, move and remove its stages, and mark one reached. */
export function StagesSection({ projectId }: { projectId: string }) {
  const stages = useProjectStages(projectId);
  const { update, reach, remove } = useProjectStageChanges(projectId);
  const [editing, setEditing] = useState<Editing<ProjectStage>>(null);
  const failed = update.error ?? reach.error ?? remove.error;
  const busy = update.isPending || reach.isPending || remove.isPending;
  return (
    <SectionCard title="Build stages" action={<Button variant="secondary" onClick={() => setEditing('new')}>Add stage</Button>}>
      {failed && <ErrorMessage>{errorText(failed, 'Could not change the stage. Please try again.')}</ErrorMessage>}
      <QueryState query={stages} pending="Loading the stages..." error="Could not load the stages." empty="This project has no stages yet." isEmpty={(data) => data.stages.length === 0}>
        {(data) => (
          <ol aria-label="Build stages" className="space-y-2">
            {data.stages.map((stage, index) => (
              <li key={stage.id} className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
                <MoveButtons
                  name={stage.name}
                  first={index === 0}
                  last={index === data.stages.length - 1}
                  busy={busy}
                  onMove={(direction) => update.mutateAsync({ stageId: stage.id, body: { position: direction === 'up' ? index - 1 : index + 1 } })}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-slate-900">
                      {index + 1}. {stage.name}
                      {stage.id === data.currentStageId && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">Current</span>}
                    </p>
                    <p className="text-sm text-slate-700">
                      {stageDates(stage)}
                      {stage.launches && ' · Publishes the project'}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {stage.reachedAt === null && (
                      <ConfirmButton
                        variant={stage.id === data.currentStageId ? 'primary' : 'secondary'}
                        label={`Mark ${stage.name} reached`}
                        question={`Mark "${stage.name}" reached now? The customer is told by e-mail${stage.launches ? ', and the project is published' : ''}.`}
                        confirmLabel="Mark reached"
                        disabled={busy}
                        onConfirm={() => reach.mutate(stage.id)}
                      >
                        Mark reached
                      </ConfirmButton>
                    )}
                    <RowActions name={stage.name} confirm={`Remove the stage "${stage.name}" from this project?`} busy={busy} onEdit={() => setEditing(stage)} onDelete={() => remove.mutate(stage.id)} />
                  </div>
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="stage" onClose={() => setEditing(null)}>
        {(stage) => <StageForm projectId={projectId} stage={stage} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </SectionCard>
  );
}

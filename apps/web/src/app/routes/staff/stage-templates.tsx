import { useState } from 'react';
import type { StageTemplate } from '@portal/contracts/project-stages';
import { EditorDialog, errorText, MoveButtons, RowActions, type Editing } from '@/components/editor';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { QueryState } from '@/components/ui/query-state';
import { movedOrder, useStageTemplateChanges, useStageTemplates } from '@/features/projects/api/stage-templates';
import { StageTemplateForm } from '@/features/projects/components/stage-template-form';

const daysText = (days: number | null, first: boolean) =>
  days === null ? 'No expected date' : `Expected ${days} ${days === 1 ? 'day' : 'days'} after ${first ? 'the project is created' : 'the previous stage'}`;

/** /staff/stage-templates: the build stages every new project starts with, in order. */
export function Component() {
  const templates = useStageTemplates();
  const { remove, reorder } = useStageTemplateChanges();
  const [editing, setEditing] = useState<Editing<StageTemplate>>(null);
  const failed = remove.error ?? reorder.error;
  return (
    <Page title="Stage templates" actions={<Button onClick={() => setEditing('new')}>New stage</Button>}>
      <p className="mb-4 max-w-2xl text-sm text-slate-700">
        A new project starts with these build stages, in this order. Changes apply to projects created from now on; a project&apos;s own stages are
        changed on its page.
      </p>
      {failed && <ErrorMessage>{errorText(failed, 'Could not change the stages. Please try again.')}</ErrorMessage>}
      <QueryState query={templates} pending="Loading stage templates..." error="Could not load the stage templates." empty="No stage templates yet: new projects start with no stages." isEmpty={(d) => d.templates.length === 0}>
        {(data) => (
          <ol aria-label="Stage templates" className="space-y-3">
            {data.templates.map((template, index) => (
              <li key={template.id} className="flex items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <MoveButtons
                  name={template.name}
                  first={index === 0}
                  last={index === data.templates.length - 1}
                  busy={reorder.isPending}
                  onMove={(direction) => reorder.mutateAsync(movedOrder(data.templates.map((t) => t.id), index, direction))}
                />
                <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="break-words font-semibold text-slate-900">{index + 1}. {template.name}</p>
                    <p className="text-sm text-slate-700">
                      {daysText(template.expectedDays, index === 0)}
                      {template.launches && ' · Publishes the project'}
                    </p>
                  </div>
                  <RowActions
                    name={template.name}
                    confirm={`Delete the stage "${template.name}"? New projects will not get it; existing ones keep theirs.`}
                    busy={remove.isPending}
                    onEdit={() => setEditing(template)}
                    onDelete={() => remove.mutate(template.id)}
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="stage" onClose={() => setEditing(null)}>
        {(item) => <StageTemplateForm template={item} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}

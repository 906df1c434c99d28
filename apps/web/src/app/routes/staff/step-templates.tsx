import { useState } from 'react';
import { STEP_PLACE_NAMES } from '@portal/contracts/onboarding';
import type { StepTemplate } from '@portal/contracts/step-templates';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { EditorDialog, RowActions } from '@/components/editor';
import { QueryState } from '@/components/ui/query-state';
import { useStepTemplateChanges, useStepTemplates } from '@/features/onboarding/api/step-template-editor';
import { StepTemplateForm } from '@/features/onboarding/components/step-template-editor/step-template-form';
import { ApiError } from '@/lib/api-client';

/** /staff/step-templates: the setup steps every new subscription starts with, by step number. */
export function Component() {
  const templates = useStepTemplates();
  const { remove } = useStepTemplateChanges();
  const [editing, setEditing] = useState<StepTemplate | 'new' | null>(null);
  const last = templates.data?.templates.at(-1);
  return (
    <Page title="Step templates" actions={<Button onClick={() => setEditing('new')}>New step</Button>}>
      <p className="mb-4 max-w-2xl text-sm text-slate-700">
        A new subscription starts with these setup steps. Changes apply to subscriptions bought from now on; a customer&apos;s existing steps are
        changed on their page.
      </p>
      {remove.error && <ErrorMessage>{remove.error instanceof ApiError ? remove.error.message : 'Could not delete. Please try again.'}</ErrorMessage>}
      <QueryState query={templates} pending="Loading step templates..." error="Could not load the step templates." empty="No step templates yet: new subscriptions start with no setup steps." isEmpty={(d) => d.templates.length === 0}>
        {(data) => (
          <ol aria-label="Step templates" className="space-y-3">
            {data.templates.map((template) => (
              <li key={template.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <div className="min-w-[12rem] flex-1">
                  <p className="text-sm font-semibold text-slate-600">Step {template.stepIndex}</p>
                  <p className="text-slate-900">{template.stepDetails}</p>
                  {template.place && <p className="text-sm text-slate-700">Links to {STEP_PLACE_NAMES[template.place]}</p>}
                </div>
                <RowActions
                  name={`step ${template.stepIndex}`}
                  confirm={`Delete step ${template.stepIndex}? New subscriptions will not get it; existing ones keep theirs.`}
                  busy={remove.isPending}
                  onEdit={() => setEditing(template)}
                  onDelete={() => remove.mutate(template.id)}
                />
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="step" onClose={() => setEditing(null)}>
        {(item) => <StepTemplateForm template={item} nextIndex={last ? last.stepIndex + 1 : 1} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}

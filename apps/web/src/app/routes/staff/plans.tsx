import { useState } from 'react';
import { formatCents } from '@portal/contracts/money';
import type { StaffPlan } from '@portal/contracts/plans';
import { Button } from '@/components/ui/button';
import { Dialog, DialogTitle } from '@/components/ui/dialog';
import { ErrorMessage, Page } from '@/components/ui/page';
import { EditorDialog, MoveButtons, RowActions } from '@/components/editor';
import { QueryState } from '@/components/ui/query-state';
import { usePlanChanges, useStaffPlans } from '@/features/plans/api/plan-editor';
import { PlanForm } from '@/features/plans/components/plan-editor/plan-form';
import { PriceChangeForm, WithdrawPriceChange } from '@/features/plans/components/plan-editor/price-change-form';
import { formatShortDate } from '@/lib/format';
import { ApiError } from '@/lib/api-client';

/** /staff/plans: every plan in pricing order; create, edit, hide, reorder, and delete the unused ones. */
export function Component() {
  const plans = useStaffPlans();
  const { move, remove } = usePlanChanges();
  const [editing, setEditing] = useState<StaffPlan | 'new' | null>(null);
  const [repricing, setRepricing] = useState<StaffPlan | null>(null);
  const failed = move.error ?? remove.error;
  return (
    <Page title="Plans" actions={<Button onClick={() => setEditing('new')}>New plan</Button>}>
      {failed && <ErrorMessage>{failed instanceof ApiError ? failed.message : 'Could not save. Please try again.'}</ErrorMessage>}
      <QueryState query={plans} pending="Loading plans..." error="Could not load the plans." empty="No plans yet." isEmpty={(d) => d.plans.length === 0}>
        {(data) => (
          <ol aria-label="Plans" className="space-y-3">
            {data.plans.map((plan, index) => (
              <li key={plan.id} className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                <MoveButtons
                  name={plan.title}
                  first={index === 0}
                  last={index === data.plans.length - 1}
                  busy={move.isPending}
                  onMove={(direction) => move.mutateAsync({ planId: plan.id, direction })}
                />
                <div className="min-w-[12rem] flex-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-slate-900">{plan.title}</span>
                    {!plan.visible && <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">Hidden</span>}
                  </p>
                  <p className="text-sm text-slate-700">{formatCents(plan.amount)} / {plan.recurring}</p>
                  {plan.priceChange && (
                    <p className="text-sm font-medium text-amber-900">
                      Changes to {formatCents(plan.priceChange.amount)} / {plan.recurring} on {formatShortDate(plan.priceChange.effectiveAt)} (subscribers told)
                    </p>
                  )}
                  {plan.description && <p className="text-sm text-slate-600">{plan.description}</p>}
                  <p className="text-xs text-slate-600">{plan.subscriptionCount === 1 ? '1 subscription' : `${plan.subscriptionCount} subscriptions`}</p>
                </div>
                <RowActions
                  name={plan.title}
                  confirm={`Delete the plan ${plan.title}?`}
                  busy={remove.isPending}
                  onEdit={() => setEditing(plan)}
                  onDelete={plan.subscriptionCount === 0 ? () => remove.mutate(plan.id) : undefined}
                >
                  {plan.priceChange ? (
                    <WithdrawPriceChange plan={plan} />
                  ) : (
                    <Button variant="secondary" onClick={() => setRepricing(plan)} aria-label={`Change the price of ${plan.title}`}>
                      Change price
                    </Button>
                  )}
                </RowActions>
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="plan" onClose={() => setEditing(null)}>
        {(item) => <PlanForm plan={item} onDone={() => setEditing(null)} />}
      </EditorDialog>
      <Dialog open={repricing !== null} onClose={() => setRepricing(null)} className="max-h-[90vh] max-w-xl overflow-y-auto" aria-describedby={undefined}>
        <DialogTitle className="mb-4 text-xl font-bold text-slate-900">Change the price of {repricing?.title}</DialogTitle>
        {repricing && <PriceChangeForm plan={repricing} onDone={() => setRepricing(null)} />}
      </Dialog>
    </Page>
  );
}

import { useState } from 'react';
import { formatCents } from '@portal/contracts/money';
import { promoCodeInputOf, promoDurationText, type StaffPromoCode } from '@portal/contracts/billing';
import type { StaffPlan } from '@portal/contracts/plans';
import { Button } from '@/components/ui/button';
import { ErrorMessage, Page } from '@/components/ui/page';
import { EditorDialog, RowActions } from '@/components/editor';
import { ConfirmButton } from '@/components/ui/confirm-dialog';
import { QueryState } from '@/components/ui/query-state';
import { useStaffPlans } from '@/features/plans/api/plan-editor';
import { usePromoCodeChanges, useStaffPromoCodes } from '@/features/billing/api/promo-editor';
import { PromoCodeForm } from '@/features/billing/components/promo-editor/promo-code-form';
import { ApiError } from '@/lib/api-client';
import { formatShortDate, formatTime } from '@/lib/format';

/** What a customer entering the code now would get, in a word. */
function statusOf(promo: StaffPromoCode, now: number): { label: string; tone: string } {
  if (!promo.active) return { label: 'Retired', tone: 'bg-slate-200 text-slate-800' };
  if (promo.expiresAt !== null && promo.expiresAt <= now) return { label: 'Expired', tone: 'bg-amber-100 text-amber-900' };
  if (promo.maxRedemptions !== null && promo.redemptions >= promo.maxRedemptions) return { label: 'Used up', tone: 'bg-amber-100 text-amber-900' };
  return { label: 'Active', tone: 'bg-green-100 text-green-900' };
}

const discountOf = (promo: StaffPromoCode) => (promo.type === 'percent' ? `${promo.value}% off` : `${formatCents(promo.value)} off`);
const plansOf = (promo: StaffPromoCode, plans: StaffPlan[] | undefined) =>
  promo.serviceIds === null ? 'Every plan' : promo.serviceIds.map((id) => plans?.find((p) => p.id === id)?.title ?? id).join(', ');
const redeemedOf = (promo: StaffPromoCode) =>
  (promo.maxRedemptions === null
    ? `Redeemed ${promo.redemptions === 1 ? 'once' : `${promo.redemptions} times`} (no limit)`
    : `Redeemed ${promo.redemptions} of ${promo.maxRedemptions}`) +
  (promo.maxPerCustomer === null ? '' : ` · ${promo.maxPerCustomer === 1 ? 'once' : `${promo.maxPerCustomer} times`} per customer`);

/** /staff/promo-codes: every code, retired ones too; create, edit, retire the used ones and delete the unused. */
export function Component() {
  const promoCodes = useStaffPromoCodes();
  const plans = useStaffPlans();
  const { update, remove } = usePromoCodeChanges();
  const [editing, setEditing] = useState<StaffPromoCode | 'new' | null>(null);
  const failed = update.error ?? remove.error;
  const now = Date.now();
  return (
    <Page title="Promo codes" actions={<Button onClick={() => setEditing('new')}>New promo code</Button>}>
      {failed && <ErrorMessage>{failed instanceof ApiError ? failed.message : 'Could not save. Please try again.'}</ErrorMessage>}
      <QueryState query={promoCodes} pending="Loading promo codes..." error="Could not load the promo codes." empty="No promo codes yet." isEmpty={(d) => d.promoCodes.length === 0}>
        {(data) => (
          <ul aria-label="Promo codes" className="space-y-3">
            {data.promoCodes.map((promo) => {
              const status = statusOf(promo, now);
              return (
                <li key={promo.code} className="flex flex-wrap items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="min-w-[12rem] flex-1 space-y-0.5">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-mono font-semibold text-slate-900">{promo.code}</span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
                    </p>
                    <p className="text-sm text-slate-800">{discountOf(promo)} · {promoDurationText(promo)} · {plansOf(promo, plans.data?.plans)}</p>
                    <p className="text-xs text-slate-600">
                      {promo.expiresAt === null ? 'No expiry' : `Expires ${formatShortDate(promo.expiresAt)}, ${formatTime(promo.expiresAt)}`} · {redeemedOf(promo)}
                    </p>
                  </div>
                  <RowActions
                    name={promo.code}
                    confirm={`Delete the promo code ${promo.code}?`}
                    busy={remove.isPending}
                    onEdit={() => setEditing(promo)}
                    onDelete={promo.deletable ? () => remove.mutate(promo.code) : undefined}
                  >
                    {!promo.deletable && promo.active && (
                      <ConfirmButton
                        label={`Retire ${promo.code}`}
                        question={`Retire ${promo.code}? Customers can no longer use it; its redemptions stay counted.`}
                        confirmLabel="Retire"
                        disabled={update.isPending}
                        onConfirm={() => update.mutate({ code: promo.code, body: { ...promoCodeInputOf(promo), active: false } })}
                      >
                        Retire
                      </ConfirmButton>
                    )}
                  </RowActions>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
      <EditorDialog editing={editing} noun="promo code" onClose={() => setEditing(null)}>
        {(item) => <PromoCodeForm promo={item} plans={plans} onDone={() => setEditing(null)} />}
      </EditorDialog>
    </Page>
  );
}

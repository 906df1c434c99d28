import { useState } from 'react';
import { routes } from '@portal/contracts/routes';
import { useMayCall } from '@/lib/current-user';
import { CANCEL_REASONS, MAX_EXTENSION_DAYS, STAFF_CANCEL_WHEN, type CancelReason, type Subscription } from '@portal/contracts/subscriptions';
import { formatCents } from '@portal/contracts/money';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { formatShortDate } from '@/lib/format';
import { useSubscriptionAction, type SubscriptionAction } from '../../api/staff-subscriptions';
import { ReasonField } from '@/components/ui/reason-field';

type Kind = SubscriptionAction['kind'];
const DAY = 86_400_000;
const WHEN_WORDS: Record<(typeof STAFF_CANCEL_WHEN)[number], string> = {
  period_end: 'At the end of the paid period',
  now: 'Now (the paid period ends today)',
};

/** Which actions a subscription offers: cancel and extend while active, reactivate while free, retry while in retry. */
function actionsOf(s: Subscription): Kind[] {
  const active = s.status === 'ACTIVE' || s.status === 'ACTIVE_PENDING_UPDATE';
  return [
    ...(s.dunning ? (['retry'] as const) : []),
    ...(active ? (['extend', 'cancel'] as const) : []),
    ...(s.reactivation === 'FREE' ? (['reactivate'] as const) : []),
  ];
}

const BUTTONS: Record<Kind, string> = { retry: 'Retry renewal now', extend: 'Extend due date', cancel: 'Cancel subscription', reactivate: 'Reactivate' };

/** The billing actions of one subscription on a customer's page, each confirmed in the console's dialog with its reason. */
export function SubscriptionActions({ subscription }: { subscription: Subscription }) {
  const [asking, setAsking] = useState<Kind | null>(null);
  // Billing actions are an admin's (each route's permission); agents see the subscription only.
  const mayAct = useMayCall(routes.subscriptions.staffCancelSubscription);
  const kinds = actionsOf(subscription);
  if (kinds.length === 0 || !mayAct) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {kinds.map((kind) => (
        <Button
          key={kind}
          variant={kind === 'cancel' ? 'danger' : 'secondary'}
          onClick={() => setAsking(kind)}
          aria-label={`${BUTTONS[kind]}: ${subscription.serviceTitle}`}
        >
          {BUTTONS[kind]}
        </Button>
      ))}
      {asking && <ActionDialog subscription={subscription} kind={asking} onClose={() => setAsking(null)} />}
    </div>
  );
}

function ActionDialog({ subscription: s, kind, onClose }: { subscription: Subscription; kind: Kind; onClose: () => void }) {
  const action = useSubscriptionAction(s.id);
  const [why, setWhy] = useState('');
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [when, setWhen] = useState<(typeof STAFF_CANCEL_WHEN)[number]>('period_end');
  const [days, setDays] = useState('7');
  const [touched, setTouched] = useState(false);
  const dayCount = Number(days);
  const problems = {
    why: kind !== 'cancel' && !why.trim() ? 'Please say why.' : null,
    reason: kind === 'cancel' && !reason ? 'Choose the reason the customer gave.' : null,
    comment: kind === 'cancel' && reason === 'other' && !why.trim() ? 'Please tell us why.' : null,
    days: kind === 'extend' && !(Number.isInteger(dayCount) && dayCount >= 1 && dayCount <= MAX_EXTENSION_DAYS) ? `Enter whole days from 1 to ${MAX_EXTENSION_DAYS}.` : null,
  };
  const invalid = Object.values(problems).some(Boolean);
  const request = (): SubscriptionAction => {
    if (kind === 'cancel') return { kind, body: { when, reason: reason as CancelReason, ...(why.trim() ? { comment: why.trim() } : {}) } };
    if (kind === 'extend') return { kind, body: { days: dayCount, fromDueDate: s.dueDate, reason: why.trim() } };
    return { kind, reason: why.trim() };
  };
  const words = {
    cancel: { question: `Cancel ${s.serviceTitle}?`, description: `It will not renew. Paid until ${formatShortDate(s.dueDate)}; refunds are made from its payments.`, confirm: 'Cancel subscription', keep: 'Keep it' },
    reactivate: { question: `Reactivate ${s.serviceTitle}?`, description: `It renews on ${formatShortDate(s.dueDate)}, at no charge now.`, confirm: 'Reactivate', keep: 'Cancel' },
    extend: {
      question: `Extend ${s.serviceTitle}?`,
      description: `A goodwill credit: the due date moves from ${formatShortDate(s.dueDate)}${problems.days ? '' : ` to ${formatShortDate(s.dueDate + dayCount * DAY)}`} at no charge. The customer is e-mailed.`,
      confirm: 'Extend due date',
      keep: 'Cancel',
    },
    retry: { question: `Charge the failed renewal of ${s.serviceTitle} now?`, description: `${formatCents(s.dunning?.amount ?? 0)} is charged to the subscription's card once.`, confirm: 'Retry renewal now', keep: 'Cancel' },
  }[kind];
  const failure = action.error instanceof ApiError ? action.error.message : action.error ? 'Could not save. Please try again.' : null;
  const id = `${kind}-${s.id}`;
  return (
    <ConfirmDialog
      open
      question={words.question}
      description={words.description}
      confirmLabel={words.confirm}
      keepLabel={words.keep}
      variant={kind === 'cancel' ? 'danger' : 'primary'}
      busy={action.isPending}
      busyLabel="Saving..."
      error={failure}
      onClose={onClose}
      onConfirm={() => {
        setTouched(true);
        if (!invalid) action.mutate(request(), { onSuccess: onClose });
      }}
    >
      {kind === 'cancel' && (
        <>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">When</legend>
            {STAFF_CANCEL_WHEN.map((value) => (
              <label key={value} className="mt-1 flex items-center gap-2 text-sm">
                <input type="radio" name={`${id}-when`} value={value} checked={when === value} onChange={() => setWhen(value)} className="h-4 w-4 accent-brand-700" />
                {WHEN_WORDS[value]}
              </label>
            ))}
          </fieldset>
          <label htmlFor={`${id}-reason`} className="mt-3 block text-sm font-semibold text-slate-800">
            The customer’s reason
          </label>
          <select
            id={`${id}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value as CancelReason)}
            aria-invalid={touched && problems.reason ? true : undefined}
            aria-describedby={touched && problems.reason ? `${id}-reason-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
          >
            <option value="">Choose a reason</option>
            {(Object.entries(CANCEL_REASONS) as [CancelReason, string][]).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {touched && problems.reason && (
            <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-700">
              {problems.reason}
            </p>
          )}
        </>
      )}
      {kind === 'extend' && (
        <>
          <label htmlFor={`${id}-days`} className="block text-sm font-semibold text-slate-800">
            Days to add
          </label>
          <input
            id={`${id}-days`}
            type="number"
            min={1}
            max={MAX_EXTENSION_DAYS}
            inputMode="numeric"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            aria-invalid={touched && problems.days ? true : undefined}
            aria-describedby={touched && problems.days ? `${id}-days-error` : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
          />
          {touched && problems.days && (
            <p id={`${id}-days-error`} className="mt-1 text-sm text-red-700">
              {problems.days}
            </p>
          )}
        </>
      )}
      <ReasonField
        id={`${id}-why`}
        label={kind === 'cancel' ? `Comment${reason === 'other' ? '' : ' (optional)'}` : 'Reason'}
        value={why}
        onChange={setWhy}
        problem={touched ? (problems.why ?? problems.comment) : null}
      />
    </ConfirmDialog>
  );
}

import { pendingChangeText, type PendingChange, type Subscription } from '@portal/contracts/subscriptions';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/format';
import { useUndoPlanChange } from '../../api/plan-change';

/** Inside Change plan while a downgrade waits: what is scheduled, that a new choice replaces it, and its undo. */
export function PendingChangeNote({ subscription: s, pendingChange }: { subscription: Subscription; pendingChange: PendingChange }) {
  const undo = useUndoPlanChange(s.id);
  return (
    <div className="mt-4 rounded-xl bg-brand-50 p-4 text-sm text-slate-900">
      <p>
        <span className="font-semibold">{pendingChangeText(pendingChange.serviceTitle, formatShortDate(pendingChange.effectiveAt))}.</span>{' '}
        Choosing another plan replaces this change.
      </p>
      <Button variant="secondary" className="mt-3" disabled={undo.isPending} onClick={() => undo.mutate()}>
        {undo.isPending ? 'Undoing...' : `Undo change and keep ${s.serviceTitle}`}
      </Button>
      {undo.error && (
        <p role="alert" className="mt-2 font-medium text-red-700">
          {undo.error.message}
        </p>
      )}
    </div>
  );
}

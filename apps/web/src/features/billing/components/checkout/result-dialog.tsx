import { Dialog, DialogClose, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export type PurchaseOutcome =
  | { kind: 'success'; subscriptionId: string }
  | { kind: 'error'; message: string };

/** The result modal (spec §2): success leads to the questionnaire; an error says why and closes. */
export function ResultDialog({ outcome, onClose }: { outcome: PurchaseOutcome | null; onClose: () => void }) {
  const navigate = useNavigate();
  const success = outcome?.kind === 'success';
  return (
    // Success is not dismissed: its only way on is the next step.
    <Dialog open={outcome !== null} onClose={onClose} dismissible={!success} className="max-w-md text-center">
      {outcome?.kind === 'success' && (
        <>
          <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
          <DialogTitle className="mt-3 text-2xl font-bold text-slate-900">Success! 🎉</DialogTitle>
          <DialogDescription className="mt-2 text-slate-700">
            Your payment went through and your subscription is active. Next, tell us about your business.
          </DialogDescription>
          <Button
            className="mt-6 w-full py-3"
            onClick={() => void navigate(paths.questionnaire(outcome.subscriptionId))}
          >
            Go to Next Step
          </Button>
        </>
      )}
      {outcome?.kind === 'error' && (
        <>
          <XCircle className="mx-auto h-14 w-14 text-red-600" aria-hidden="true" />
          <DialogTitle className="mt-3 text-2xl font-bold text-slate-900">
            Oops! Something went wrong.
          </DialogTitle>
          <DialogDescription className="mt-2 text-slate-700">{outcome.message}</DialogDescription>
          <DialogClose asChild>
            <Button variant="secondary" className="mt-6 w-full py-3">
              Close
            </Button>
          </DialogClose>
        </>
      )}
    </Dialog>
  );
}

import * as Dialog from '@radix-ui/react-dialog';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/lib/paths';

export type PurchaseOutcome = { kind: 'success'; subscriptionId: string } | { kind: 'error'; message: string };

/** The result modal (spec §2): success leads to the questionnaire; an error says why and closes. */
export function ResultDialog({ outcome, onClose }: { outcome: PurchaseOutcome | null; onClose: () => void }) {
  const navigate = useNavigate();
  const success = outcome?.kind === 'success';
  return (
    <Dialog.Root open={outcome !== null} onOpenChange={(open) => !open && !success && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl"
          onEscapeKeyDown={(e) => success && e.preventDefault()}
          onPointerDownOutside={(e) => success && e.preventDefault()}
        >
          {outcome?.kind === 'success' && (
            <>
              <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
              <Dialog.Title className="mt-3 text-2xl font-bold text-slate-900">Success! 🎉</Dialog.Title>
              <Dialog.Description className="mt-2 text-slate-700">
                Your payment went through and your subscription is active. Next, tell us about your business.
              </Dialog.Description>
              <Button className="mt-6 w-full py-3" onClick={() => void navigate(paths.questionnaire(outcome.subscriptionId))}>
                Go to Next Step
              </Button>
            </>
          )}
          {outcome?.kind === 'error' && (
            <>
              <XCircle className="mx-auto h-14 w-14 text-red-600" aria-hidden="true" />
              <Dialog.Title className="mt-3 text-2xl font-bold text-slate-900">Oops! Something went wrong.</Dialog.Title>
              <Dialog.Description className="mt-2 text-slate-700">{outcome.message}</Dialog.Description>
              <Dialog.Close asChild>
                <Button variant="secondary" className="mt-6 w-full py-3">
                  Close
                </Button>
              </Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

import { useState } from 'react';
import { Check, MessageSquareWarning } from 'lucide-react';
import type { ReviewEntry, ReviewStage } from '@portal/contracts/project-reviews';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDecideReview } from '../../api/reviews';
import { ChangesForm } from './changes-form';
import { decisionFailure } from './decision-failure';

/** Under a stage's open round: approve it (after a confirmation) or ask for changes. */
export function DecisionPanel({ projectId, stage, preview }: { projectId: string; stage: ReviewStage; preview: ReviewEntry }) {
  const decide = useDecideReview(projectId);
  const [confirming, setConfirming] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const approve = async () => {
    setError(null);
    try {
      await decide.mutateAsync({ stageId: stage.stageId, round: preview.round, decision: 'approved' });
      setConfirming(false);
    } catch (failure) {
      setError(decisionFailure(failure));
    }
  };

  if (asking) return <ChangesForm projectId={projectId} stage={stage} preview={preview} onDone={() => setAsking(false)} />;
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-brand-100 bg-brand-50/50 p-4">
      <p className="w-full text-sm text-slate-700 sm:w-auto sm:flex-1">Round {preview.round} of {stage.name} waits for your review.</p>
      <Button onClick={() => setConfirming(true)}>
        <Check className="h-4 w-4" aria-hidden="true" /> Approve
      </Button>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        <MessageSquareWarning className="h-4 w-4" aria-hidden="true" /> Request changes
      </Button>
      <ConfirmDialog
        open={confirming}
        question={`Approve ${stage.name}?`}
        description="Approving tells the team this stage is done. It cannot be undone, and the stage takes no new preview."
        confirmLabel="Approve"
        busyLabel="Approving..."
        variant="primary"
        busy={decide.isPending}
        error={error}
        onConfirm={() => void approve()}
        onClose={() => {
          setConfirming(false);
          setError(null);
        }}
      />
    </div>
  );
}

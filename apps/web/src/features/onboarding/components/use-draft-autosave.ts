import { useCallback, useEffect, useRef, useState } from 'react';
import type { AnswerInput } from '@portal/contracts/onboarding';
import { useSaveQuestionnaireDraft } from '../api/questionnaire';
import { refusalOf } from './submit-refusal';

export type DraftStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; message: string };

/** How long typing must pause before the answers are kept. */
export const DRAFT_SAVE_DELAY_MS = 800;
const NOT_KEPT = 'Your latest answers could not be kept as a draft. They are still here; keep going or submit.';

/**
 * Keeps the answers as a draft on the server a moment after the customer stops typing (issue 28). One save at a
 * time, the latest answers last, so that an older save never lands after a newer one. `based on` is the
 * submission the page started from. Leaving the page sends what is waiting; `stop` drops it (on submit, which
 * clears the draft).
 */
export function useDraftAutosave(subscriptionId: string, basedOn: number | null) {
  const save = useSaveQuestionnaireDraft(subscriptionId);
  const [status, setStatus] = useState<DraftStatus>({ state: 'idle' });
  const waiting = useRef<AnswerInput[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sending = useRef(false);
  const { mutateAsync } = save;

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (sending.current) return;
    sending.current = true;
    try {
      while (waiting.current) {
        const answers = waiting.current;
        waiting.current = null;
        setStatus({ state: 'saving' });
        try {
          await mutateAsync({ answers, basedOn });
          setStatus({ state: 'saved' });
        } catch (failure) {
          setStatus({ state: 'failed', message: refusalOf(failure, NOT_KEPT).summary });
        }
      }
    } finally {
      sending.current = false;
    }
  }, [mutateAsync, basedOn]);

  const schedule = useCallback(
    (answers: AnswerInput[]) => {
      waiting.current = answers;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );
  const stop = useCallback(() => {
    waiting.current = null;
    clearTimeout(timer.current);
  }, []);

  useEffect(() => () => void flush(), [flush]);
  return { schedule, stop, status };
}
